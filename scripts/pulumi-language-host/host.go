// What the stand-in language hosts have in common, built by scripts/pulumi-engine: it copies this file
// beside each host's main.go (scripts/pulumi-language-{nodejs,go}), so both are one package main.
//
// Each host embeds languageHost for the methods that answer "nothing to do" and serves itself with
// serveLanguageHost; it writes only Run, About and what else its language needs.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Set by the build (-X main.version=...).
var version = "v0.0.0-dev"

// languageHost is the part of a language host that plugin discovery and dependency installation reach:
// the engine loads providers on demand and each host's programs get their packages elsewhere.
type languageHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	// The engine's gRPC address, which programs talk to directly.
	engineAddress string
}

// newLanguageHost takes the engine's address from the command line, where the engine passes it last.
func newLanguageHost() languageHost {
	engineAddress := ""
	if n := len(os.Args); n > 1 {
		engineAddress = os.Args[n-1]
	}
	return languageHost{engineAddress: engineAddress}
}

// serveLanguageHost serves host over gRPC until the engine stops it.
func serveLanguageHost(host pulumirpc.LanguageRuntimeServer) {
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start the language host RPC server: %w", err))
	}
	// The engine reads the port from our first line of output.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host RPC stopped serving: %w", err))
	}
}

func (h *languageHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (h *languageHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *languageHost) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

// Node.js programs use the repository's own `npm ci` and `go build` fetches what a Go program's go.mod
// needs: there is nothing to install per program.
func (h *languageHost) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return nil
}

func (h *languageHost) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *languageHost) GetProgramDependencies(
	context.Context, *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}
