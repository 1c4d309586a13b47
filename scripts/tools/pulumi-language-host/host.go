// What the stand-in language hosts have in common, built by scripts/tools/pulumi-engine: it copies this file
// beside each host's main.go (scripts/pulumi-language-{nodejs,go}), so both are one package main.
//
// Each host embeds languageHost for the methods that answer "nothing to do" and serves itself with
// serveLanguageHost; its Run builds the command for its language and hands it to runProgram.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"

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

// aboutExecutable describes the executable a host runs programs with: where it is and what `name args...`
// prints as its version.
func aboutExecutable(name string, args ...string) (*pulumirpc.AboutResponse, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(path, args...).Output()
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{Executable: path, Version: strings.TrimSpace(string(out))}, nil
}

// configEnv passes the stack's configuration to a program in the variables Pulumi's SDKs read it from.
func configEnv(req *pulumirpc.RunRequest) ([]string, error) {
	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, err
	}
	secretKeys, err := json.Marshal(req.GetConfigSecretKeys())
	if err != nil {
		return nil, err
	}
	return []string{"PULUMI_CONFIG=" + string(config), "PULUMI_CONFIG_SECRET_KEYS=" + string(secretKeys)}, nil
}

// runProgram runs a program's command to its end and says how it ended in the engine's terms: exit code
// bailCode means the program has already reported its error to the engine. what names the command in the
// error when it cannot start.
func runProgram(cmd *exec.Cmd, bailCode int, what string) *pulumirpc.RunResponse {
	// The engine shows our stdout/stderr as the program's output.
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	// Run returns an *exec.ExitError itself, unwrapped, when the program ran and failed.
	err := cmd.Run()
	exitErr, exited := err.(*exec.ExitError)
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}
	case exited && exitErr.ExitCode() == bailCode:
		return &pulumirpc.RunResponse{Bail: true}
	case exited:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("program exited with code %d", exitErr.ExitCode())}
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run %s: %v", what, err)}
	}
}
