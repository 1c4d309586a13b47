// Generates the Python, Go, .NET and Node.js SDKs of a Pulumi package from its schema, built by
// scripts/tools/pulumi-engine.
//
//	pulumi-sdkgen <schema.json> <out-dir> [language...]
//
// Why it exists: `pulumi package gen-sdk` delegates each language to that language's host, and the
// Python, Go and .NET hosts are not published as Go modules that build. Their code generators are plain Go packages, so this
// calls them directly; what they write is what `gen-sdk` would write. Each language goes to
// <out-dir>/<language>, replacing what was there.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"

	dotnetgen "github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3/codegen"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/blang/semver"
)

// The generators stamp this into the header of every file they write.
const tool = "pulumi-sdkgen"

type generator func(pkg *schema.Package) (map[string][]byte, error)

var generators = map[string]generator{
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		return pythongen.GeneratePackage(tool, pkg, nil, noOtherPackages{})
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage(tool, pkg, nil)
	},
	"dotnet": func(pkg *schema.Package) (map[string][]byte, error) {
		// The .NET generator downloads the package's logo, or Pulumi's when the schema names none.
		// Without one of our own, it gets a blank image served in-process rather than the internet's.
		if pkg.LogoURL == "" {
			http.DefaultTransport.(*http.Transport).RegisterProtocol(blankLogoScheme, blankLogo{})
			pkg.LogoURL = blankLogoScheme + ":logo.png"
		}
		return dotnetgen.GeneratePackage(tool, pkg, nil, nil)
	},
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, noOtherPackages{})
	},
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: pulumi-sdkgen <schema.json> <out-dir> [language...] (languages: %v)", languages())
	}
	schemaPath, outDir, wanted := args[0], args[1], args[2:]
	if len(wanted) == 0 {
		wanted = languages()
	}
	for _, lang := range wanted {
		if generators[lang] == nil {
			return fmt.Errorf("unknown language %q (languages: %v)", lang, languages())
		}
	}
	for _, lang := range wanted {
		// Every generator decodes its own language block into the package, so each gets a fresh bind.
		pkg, err := bind(schemaPath)
		if err != nil {
			return err
		}
		files, err := generators[lang](pkg)
		if err != nil {
			return fmt.Errorf("generating the %s SDK: %w", lang, err)
		}
		if err := write(filepath.Join(outDir, lang), files); err != nil {
			return err
		}
	}
	return nil
}

func languages() []string {
	names := make([]string, 0, len(generators))
	for name := range generators {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func bind(schemaPath string) (*schema.Package, error) {
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noOtherPackages{}, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("binding %s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("binding %s: %s", schemaPath, diags.Error())
	}
	return pkg, nil
}

func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// noOtherPackages is the loader for a schema that refers to no other package: it needs no plugins.
type noOtherPackages struct{}

func (noOtherPackages) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q; only self-contained schemas are supported", name)
}

func (l noOtherPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (l noOtherPackages) LoadPackageReference(name string, v *semver.Version) (schema.PackageReference, error) {
	_, err := l.LoadPackage(name, v)
	return nil, err
}

func (l noOtherPackages) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

const blankLogoScheme = "pulumi-sdkgen"

// blankLogo answers every request with a transparent 64x64 PNG.
type blankLogo struct{}

func (blankLogo) RoundTrip(req *http.Request) (*http.Response, error) {
	var logo bytes.Buffer
	if err := png.Encode(&logo, image.NewNRGBA(image.Rect(0, 0, 64, 64))); err != nil {
		return nil, err
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": {"image/png"}},
		Body:       io.NopCloser(&logo),
		Request:    req,
	}, nil
}
