// Generates the Java SDK of a Pulumi package from its schema with Pulumi's Java code generator, built by
// scripts/tools/pulumi-engine as its own piece (the generator needs an older github.com/pulumi/pulumi/pkg/v3 than the
// engine's, so it cannot share a module with pulumi-sdkgen).
//
//	pulumi-sdkgen-java <schema.json> <out-dir>
//
// It writes <out-dir>/java, replacing what was there: the generator's sources as `pulumi package gen-sdk`
// writes them, and, instead of the Gradle files the generator can add, a Maven pom.xml. The resources a Gradle
// build would make at build time are written here: version.txt (what the SDK reports as the provider's version)
// and plugin.json (how a Java program tells the engine which plugin it needs).
package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/blang/semver"
	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const (
	tool = "pulumi-sdkgen-java"
	// The generator's module; the Java SDK (com.pulumi:pulumi) of the same version is the one its code is written for.
	generatorModule = "github.com/pulumi/pulumi-java/pkg"
	// The Java release the generated code and Pulumi's Java SDK compile for.
	javaRelease = "11"
)

// Maven's build plugins, pinned so that a build does not depend on the defaults of the Maven version at hand.
var buildPlugins = [][2]string{
	{"maven-compiler-plugin", "3.13.0"},
	{"maven-resources-plugin", "3.3.1"},
	{"maven-jar-plugin", "3.4.2"},
	{"maven-surefire-plugin", "3.5.2"},
	{"maven-install-plugin", "3.1.2"},
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: %s <schema.json> <out-dir>", tool)
	}
	sdkVersion, err := javaSdkVersion()
	if err != nil {
		return err
	}
	pkg, err := bind(args[0])
	if err != nil {
		return err
	}
	// What `pulumi-java-gen` does: the generator adds Gradle files only when the schema asks for them; the
	// local-dependency and extra-file arguments are for programs that embed an SDK.
	javagen.DefaultSdkVersion = sdkVersion
	files, err := javagen.GeneratePackage(tool, pkg, nil, nil, false, true)
	if err != nil {
		return fmt.Errorf("generating the java SDK: %w", err)
	}
	info, ok := pkg.Language["java"].(*javagen.PackageInfo)
	if !ok {
		return fmt.Errorf("the generator left no Java package settings in the schema")
	}
	if _, gradle := files["build.gradle"]; gradle {
		return fmt.Errorf("the schema asks for Gradle files (language.java.buildFiles); this SDK is built with Maven")
	}
	if err := addBuildFiles(files, pkg, info); err != nil {
		return err
	}
	return write(filepath.Join(args[1], "java"), files)
}

// javaSdkVersion is the version of the generator this binary was built with, read from its build information.
func javaSdkVersion() (semver.Version, error) {
	build, ok := debug.ReadBuildInfo()
	if ok {
		for _, dep := range build.Deps {
			if dep.Path == generatorModule {
				return semver.ParseTolerant(dep.Version)
			}
		}
	}
	return semver.Version{}, fmt.Errorf("no version of %s in this binary's build information", generatorModule)
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
	// As the Java language host does before it binds: types whose tokens differ only in case become one.
	deduped, diags, err := javagen.DeduplicateTypes(&spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", schemaPath, diags.Error())
	}
	pkg, diags, err := schema.BindSpec(*deduped, nil, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("binding %s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("binding %s: %s", schemaPath, diags.Error())
	}
	return pkg, nil
}

// addBuildFiles adds pom.xml, and the version.txt and plugin.json resources the SDK reads at run time.
func addBuildFiles(files map[string][]byte, pkg *schema.Package, info *javagen.PackageInfo) error {
	if pkg.Version == nil {
		return fmt.Errorf("the schema has no version; the SDK's version is the package's")
	}
	version := pkg.Version.String()
	// The Java package is <basePackage>.<name>; Maven coordinates follow Pulumi's: <basePackage>:<name>.
	groupID := strings.TrimSuffix(info.BasePackageOrDefault(), ".")
	resources := path.Join("src/main/resources", strings.ReplaceAll(groupID, ".", "/"), pkg.Name)
	files[path.Join(resources, "version.txt")] = []byte(version)
	plugin := map[string]any{"resource": true, "name": pkg.Name, "version": version}
	if pkg.PluginDownloadURL != "" {
		plugin["server"] = pkg.PluginDownloadURL
	}
	pluginJSON, err := json.MarshalIndent(plugin, "", "  ")
	if err != nil {
		return err
	}
	files[path.Join(resources, "plugin.json")] = append(pluginJSON, '\n')
	pom, err := pomXML(pkg, info, groupID, version)
	if err != nil {
		return err
	}
	files["pom.xml"] = pom
	return nil
}

type pomDependency struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
}

type pomPlugin struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
}

type pomLicenses struct {
	License []pomLicense `xml:"license"`
}

type pomLicense struct {
	Name string `xml:"name"`
}

type pomProject struct {
	XMLName        xml.Name        `xml:"project"`
	Xmlns          string          `xml:"xmlns,attr"`
	XmlnsXsi       string          `xml:"xmlns:xsi,attr"`
	SchemaLocation string          `xml:"xsi:schemaLocation,attr"`
	ModelVersion   string          `xml:"modelVersion"`
	GroupID        string          `xml:"groupId"`
	ArtifactID     string          `xml:"artifactId"`
	Version        string          `xml:"version"`
	Packaging      string          `xml:"packaging"`
	Name           string          `xml:"name"`
	Description    string          `xml:"description,omitempty"`
	URL            string          `xml:"url,omitempty"`
	Licenses       *pomLicenses    `xml:"licenses,omitempty"`
	Properties     pomProperties   `xml:"properties"`
	Dependencies   []pomDependency `xml:"dependencies>dependency"`
	Plugins        []pomPlugin     `xml:"build>pluginManagement>plugins>plugin"`
}

type pomProperties struct {
	Encoding string `xml:"project.build.sourceEncoding"`
	Release  string `xml:"maven.compiler.release"`
}

func pomXML(pkg *schema.Package, info *javagen.PackageInfo, groupID, version string) ([]byte, error) {
	project := pomProject{
		Xmlns:          "http://maven.apache.org/POM/4.0.0",
		XmlnsXsi:       "http://www.w3.org/2001/XMLSchema-instance",
		SchemaLocation: "http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd",
		ModelVersion:   "4.0.0",
		GroupID:        groupID,
		ArtifactID:     pkg.Name,
		Version:        version,
		Packaging:      "jar",
		Name:           pkg.Name,
		Description:    strings.TrimSpace(pkg.Description),
		URL:            pkg.Homepage,
		Properties:     pomProperties{Encoding: "UTF-8", Release: javaRelease},
	}
	if pkg.License != "" {
		project.Licenses = &pomLicenses{License: []pomLicense{{Name: pkg.License}}}
	}
	coordinates := make([]string, 0, len(info.Dependencies))
	for coordinate := range info.Dependencies {
		coordinates = append(coordinates, coordinate)
	}
	sort.Strings(coordinates)
	for _, coordinate := range coordinates {
		group, artifact, ok := strings.Cut(coordinate, ":")
		if !ok {
			return nil, fmt.Errorf("language.java.dependencies: %q is not groupId:artifactId", coordinate)
		}
		project.Dependencies = append(project.Dependencies, pomDependency{group, artifact, info.Dependencies[coordinate]})
	}
	for _, plugin := range buildPlugins {
		project.Plugins = append(project.Plugins, pomPlugin{"org.apache.maven.plugins", plugin[0], plugin[1]})
	}
	text, err := xml.MarshalIndent(project, "", "  ")
	if err != nil {
		return nil, err
	}
	header := fmt.Sprintf("%s<!-- *** WARNING: this file was generated by %s. *** -->\n", xml.Header, tool)
	return append(append([]byte(header), text...), '\n'), nil
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
