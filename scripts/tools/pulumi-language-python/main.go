// A minimal Python language host for the Pulumi engine, built by scripts/tools/pulumi-engine.
//
// Why it exists: Pulumi's own host (module github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3)
// is not served by the Go module proxy, and the engine is built from Go modules alone. The real host is a
// launcher: it runs `python pulumi-language-python-exec <settings> <program>` in the project's Python
// environment, and that script configures the `pulumi` library and runs the program, which then talks to
// the engine itself. This one keeps that contract, with the exec script of this folder installed beside
// it as Pulumi's releases install theirs, and picks the environment as Pulumi's does (the project's
// `virtualenv` and `toolchain` options, through the same toolchain package of the served sdk module). It
// also prints a program for `pulumi import` (GenerateProgram, over Pulumi's Python code generator). It does
// not install packages (`pulumi install`), discover plugins in the environment (the engine loads providers
// on demand, or from Pulumi.yaml `plugins`), run a typechecker first, or attach a debugger.
//
// What it shares with the Node.js and Go hosts (serving, the methods with nothing to do, running the program)
// is in scripts/tools/pulumi-language-host/host.go, which scripts/tools/pulumi-engine copies beside this file.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	hclsyntax "github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	codegen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/python/toolchain"
)

// Exit code of the exec script once the program's error has been reported to the engine.
const exitAfterReportedError = 32

// The script that runs a program, installed beside this host's executable.
const execScript = "pulumi-language-python-exec"

func main() {
	serveLanguageHost(&pythonHost{languageHost: newLanguageHost()})
}

type pythonHost struct {
	languageHost
}

// pythonOptions reads the project's runtime options as Pulumi's host does.
func pythonOptions(info *pulumirpc.ProgramInfo) (toolchain.PythonOptions, error) {
	opts := toolchain.PythonOptions{Root: info.GetRootDirectory(), ProgramDir: info.GetProgramDirectory()}
	options := info.GetOptions().AsMap()
	if v, ok := options["virtualenv"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, errors.New("the virtualenv option in Pulumi.yaml must be a string")
		}
		opts.Virtualenv = s
	}
	if v, ok := options["toolchain"]; ok {
		switch v {
		case "pip":
			opts.Toolchain = toolchain.Pip
		case "poetry":
			opts.Toolchain = toolchain.Poetry
		case "uv":
			opts.Toolchain = toolchain.Uv
		default:
			return opts, fmt.Errorf("the toolchain option in Pulumi.yaml is %v: it must be pip, poetry or uv", v)
		}
	}
	if v, ok := options["typechecker"]; ok {
		return opts, fmt.Errorf("the typechecker option in Pulumi.yaml (%v) is not supported by this stand-in "+
			"Python host: run the typechecker before pulumi", v)
	}
	return opts, nil
}

func (h *pythonHost) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	opts, err := pythonOptions(req.GetInfo())
	if err != nil {
		return nil, err
	}
	tc, err := toolchain.ResolveToolchain(opts)
	if err != nil {
		return nil, err
	}
	info, err := tc.About(ctx)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{
		Executable: info.PythonExecutable,
		Version:    info.PythonVersion.String(),
		Metadata:   map[string]string{"toolchain": toolchain.Name(opts.Toolchain)},
	}, nil
}

func (h *pythonHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	opts, err := pythonOptions(info)
	if err != nil {
		return nil, err
	}
	tc, err := toolchain.ResolveToolchain(opts)
	if err != nil {
		return nil, err
	}
	// A `virtualenv` that is not one fails here, naming it, rather than as a missing `pulumi` module.
	if err := tc.ValidateVenv(ctx); err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	script := filepath.Join(filepath.Dir(self), execScript)
	if _, err := os.Stat(script); err != nil {
		return nil, fmt.Errorf("%s is missing beside the Python language host: %w", execScript, err)
	}

	args := []string{script}
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", h.engineAddress)
	flag("project", req.GetProject())
	flag("root_directory", info.GetRootDirectory())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	flag("dry_run", strconv.FormatBool(req.GetDryRun()))
	flag("parallel", strconv.Itoa(int(req.GetParallel())))
	flag("organization", req.GetOrganization())
	// The engine names the entry point, "." for the program directory (its __main__.py).
	entry := info.GetEntryPoint()
	if entry == "" {
		entry = "."
	}
	args = append(args, entry)
	args = append(args, req.GetArgs()...)

	cmd, err := tc.Command(ctx, args...)
	if err != nil {
		return nil, err
	}
	config, err := configEnv(req)
	if err != nil {
		return nil, err
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(env, config...)
	cmd.Dir = req.GetPwd()
	// A cancelled update interrupts the program, as Ctrl-C would, before it is killed.
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
	cmd.WaitDelay = 5 * time.Second
	return runProgram(cmd, exitAfterReportedError, "python"), nil
}

// GenerateProgram prints Python for a program in Pulumi's intermediate language, as `pulumi import` asks
// of the project's language host: Pulumi's Python code generator, bound as Pulumi's host binds it.
func (h *pythonHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	parser := hclsyntax.NewParser()
	for path, contents := range req.GetSource() {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}
	// Invokes as their output-returning form, as Pulumi's host prefers for Python.
	bindOptions := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		bindOptions = append(bindOptions, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), bindOptions...)
	if err != nil {
		return nil, err
	}
	diagnostics := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: diagnostics}, nil
	}
	if program == nil {
		return nil, errors.New("binding the program produced nothing")
	}
	files, diags, err := codegen.GenerateProgram(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: append(diagnostics, plugin.HclDiagnosticsToRPCDiagnostics(diags)...),
	}, nil
}
