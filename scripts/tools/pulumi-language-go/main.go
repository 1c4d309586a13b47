// A minimal Go language host for the Pulumi engine, built by scripts/tools/pulumi-engine.
//
// Why it exists: the engine is built from Go modules alone, and Pulumi's own host (module
// github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3) is not published as one that builds. The real host compiles
// the program with `go build` and runs the binary, which talks to the engine itself through the addresses
// and settings passed in PULUMI_* variables. This one keeps that contract for programs whose modules
// resolve from the Go module cache or proxy (no plugin discovery in go.mod: the engine loads providers on
// demand).
//
// What it shares with the Node.js host (serving, the methods with nothing to do, running the program) is in
// scripts/tools/pulumi-language-host/host.go, which scripts/tools/pulumi-engine copies beside this file.
package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/pulumi/pulumi/sdk/v3/go/common/constant"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

func main() {
	serveLanguageHost(&goHost{languageHost: newLanguageHost()})
}

type goHost struct {
	languageHost
}

func (h *goHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	return aboutExecutable("go", "env", "GOVERSION")
}

func (h *goHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	programDir := info.GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}
	// Like Pulumi's host: a prebuilt `binary` from the project's runtime options, else `go build`.
	program, _ := info.GetOptions().AsMap()["binary"].(string)
	if program == "" {
		built, cleanup, err := buildProgram(ctx, programDir)
		if err != nil {
			return &pulumirpc.RunResponse{Error: err.Error()}, nil
		}
		defer cleanup()
		program = built
	} else if !filepath.IsAbs(program) {
		program = filepath.Join(programDir, program)
	}

	config, err := configEnv(req)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(),
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.engineAddress,
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ROOT_DIRECTORY="+info.GetRootDirectory(),
		fmt.Sprintf("PULUMI_PARALLEL=%d", req.GetParallel()),
		fmt.Sprintf("PULUMI_DRY_RUN=%t", req.GetDryRun()),
	)
	env = append(env, config...)

	cmd := exec.CommandContext(ctx, program, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	return runProgram(cmd, constant.ExitStatusLoggedError, "the program"), nil
}

// buildProgram compiles the program's main package into a temporary binary.
func buildProgram(ctx context.Context, dir string) (string, func(), error) {
	tmp, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { _ = os.RemoveAll(tmp) }
	binary := filepath.Join(tmp, "program")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", binary, ".")
	cmd.Dir = dir
	// Build output is the user's to read when it fails, not the engine's protocol.
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("go build of the program in %s failed: %w", dir, err)
	}
	return binary, cleanup, nil
}
