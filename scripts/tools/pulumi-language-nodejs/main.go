// A minimal Node.js language host for the Pulumi engine, built by scripts/tools/pulumi-engine.
//
// Why it exists: Pulumi's own host (module github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3)
// is not published as a Go module that builds, and the engine is built from Go modules alone. The real host is a
// thin launcher anyway: the program runs in `node @pulumi/pulumi/cmd/run`, which talks to the engine itself.
// This one keeps that contract for plain JavaScript and ts-node programs whose packages are already installed
// (no package-manager integration, no plugin discovery in node_modules: the engine loads providers on demand),
// and runs Node.js policy packs the way the real host does (RunPlugin).
//
// What it shares with the Go host (serving, the methods with nothing to do, running the program) is in
// scripts/tools/pulumi-language-host/host.go, which scripts/tools/pulumi-engine copies beside this file.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	sdk "github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Exit code of @pulumi/pulumi/cmd/run once it has already reported the error to the engine.
const exitAfterReportedError = 32

func main() {
	serveLanguageHost(&nodeHost{languageHost: newLanguageHost()})
}

type nodeHost struct {
	languageHost
}

func (h *nodeHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	return aboutExecutable("node", "--version")
}

func (h *nodeHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("could not find node on the $PATH: %w", err)
	}
	info := req.GetInfo()
	programDir := info.GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}
	runPath, err := findSDKScript(programDir, "run")
	if err != nil {
		return nil, err
	}
	options := info.GetOptions().AsMap()

	args := append(nodeArgs(options), runPath)
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", h.engineAddress)
	flag("organization", req.GetOrganization())
	flag("project", req.GetProject())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	flag("root-directory", info.GetRootDirectory())
	flag("parallel", fmt.Sprint(req.GetParallel()))
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	program := req.GetProgram()
	if program == "" {
		program = "."
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	config, err := configEnv(req)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(), config...)
	env = append(env, typescriptEnv(options)...)

	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	return runProgram(cmd, exitAfterReportedError, "node"), nil
}

// nodeArgs are the project's `nodeargs` option: flags for node itself, before the script.
func nodeArgs(options map[string]any) []string {
	if nodeargs, ok := options["nodeargs"].(string); ok {
		return strings.Fields(nodeargs)
	}
	return nil
}

// typescriptEnv: like Pulumi's host, TypeScript (ts-node) unless the project says `typescript: false`.
func typescriptEnv(options map[string]any) []string {
	typescript := true
	if v, ok := options["typescript"].(bool); ok {
		typescript = v
	}
	env := []string{fmt.Sprintf("PULUMI_NODEJS_TYPESCRIPT=%t", typescript)}
	if tsconfig, ok := options["tsconfig"].(string); ok && tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}
	return env
}

// RunPlugin runs a policy pack written in Node.js (kind "analyzer") with @pulumi/pulumi/cmd/run-policy-pack,
// as Pulumi's host does: the engine no longer uses a pulumi-analyzer-policy shim for it. Its output streams
// back to the engine, which reads the pack's gRPC port from the first line of stdout. Other plugin kinds
// (providers or tools as Node.js folders) are not needed by this package's programs.
func (h *nodeHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if req.GetKind() != string(apitype.AnalyzerPlugin) {
		return status.Errorf(codes.Unimplemented, "this Node.js host runs policy packs only, not %s plugins", req.GetKind())
	}
	ctx := server.Context()
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on the $PATH: %w", err)
	}
	info := req.GetInfo()
	dir := info.GetProgramDirectory()
	options := info.GetOptions().AsMap()
	runPath, err := findSDKScript(dir, "run-policy-pack")
	if err != nil {
		return err
	}
	// `run-policy-pack <engine address> <pack dir>`: the engine's args end with its address.
	args := append(append(append(nodeArgs(options), runPath), req.GetArgs()...), dir)
	env := append(req.GetEnv(), typescriptEnv(options)...)

	// @pulumi/policy learns the stack (name, organization, config) from the environment, but the engine only
	// tells it over gRPC (ConfigureStack) once the plugin is up: the SDK's proxy answers that call, and then
	// starts relaying to the pack, which is started with the environment made from it.
	proxy, stdout, err := sdk.NewPolicyProxy(ctx, stdout)
	if err != nil {
		return fmt.Errorf("could not start the policy pack proxy: %w", err)
	}
	stack, err := proxy.AwaitConfiguration(ctx)
	if err != nil {
		return fmt.Errorf("could not get the stack configuration: %w", err)
	}
	if stack != nil {
		if env, err = appendStackEnv(env, stack); err != nil {
			return err
		}
	}

	cmd := exec.CommandContext(ctx, node, args...)
	// In its own folder, as Pulumi's host has always run packs: that is where their dependencies resolve from.
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not run node: %w", err)
	}
	err = proxy.Attach(ctx, cmd) // returns when the pack exits
	if exitErr := (*exec.ExitError)(nil); errors.As(err, &exitErr) {
		return fmt.Errorf("plugin %s exited with code %d", dir, exitErr.ExitCode())
	} else if err != nil {
		return err
	}
	return closer.Close()
}

// appendStackEnv adds what @pulumi/pulumi's runtime reads about the stack a policy pack checks.
func appendStackEnv(env []string, stack *pulumirpc.AnalyzerStackConfigureRequest) ([]string, error) {
	add := func(key, value string) {
		if value != "" {
			env = append(env, key+"="+value)
		}
	}
	add("PULUMI_NODEJS_ORGANIZATION", stack.GetOrganization())
	add("PULUMI_NODEJS_PROJECT", stack.GetProject())
	add("PULUMI_NODEJS_STACK", stack.GetStack())
	add("PULUMI_NODEJS_DRY_RUN", strconv.FormatBool(stack.GetDryRun()))
	if config := stack.GetConfig(); config != nil {
		raw, err := json.Marshal(config)
		if err != nil {
			return nil, fmt.Errorf("could not encode the stack configuration: %w", err)
		}
		add("PULUMI_CONFIG", string(raw))
	}
	return env, nil
}

// findSDKScript resolves @pulumi/pulumi/cmd/<name> the way Node would from dir.
func findSDKScript(dir, name string) (string, error) {
	if p := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH"); p != "" && name == "run" {
		return p, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		candidate := filepath.Join(d, "node_modules", "@pulumi", "pulumi", "cmd", name)
		if _, err := os.Stat(filepath.Join(candidate, "index.js")); err == nil {
			return candidate, nil
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return "", fmt.Errorf("@pulumi/pulumi is not installed for %s (no node_modules/@pulumi/pulumi "+
		"in it or a parent directory): run npm install", abs)
}
