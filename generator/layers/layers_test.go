package layers_test

import (
	"go/build"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/fadj-dev/fadj/"

// frontEnd are the packages of the front end.
var frontEnd = []string{"generator/source", "generator/diag", "generator/fortran/token", "generator/fortran/ast",
	"generator/fortran/scanner", "generator/fortran/parser", "generator/fortran/printer", "generator/sema"}

// allowed maps a package (or a prefix ending in "/") to the packages of
// fadj it may import (prefixes end in "/"). Packages not listed are the
// tools on top, which may import anything but the tools that use them
// (checked separately).
var allowed = map[string][]string{
	"generator/source":          nil,
	"generator/diag":            {"generator/source"},
	"generator/fortran/token":   {"generator/source"},
	"generator/fortran/ast":     {"generator/source", "generator/fortran/token"},
	"generator/fortran/scanner": {"generator/source", "generator/diag", "generator/fortran/token", "generator/fortran/ast"},
	"generator/fortran/parser":  {"generator/source", "generator/diag", "generator/fortran/token", "generator/fortran/ast", "generator/fortran/scanner"},
	"generator/fortran/printer": {"generator/fortran/token", "generator/fortran/ast"},
	"generator/sema":            {"generator/source", "generator/diag", "generator/fortran/token", "generator/fortran/ast"},
	"generator/input":           nil,
	"generator/suggest":         nil,
	"config":                    {"generator/source", "generator/diag", "generator/input", "generator/suggest"},
	"generator/bind":            append(frontEnd, "config", "generator/input", "generator/load", "generator/suggest"),
	"generator/load":            append(frontEnd, "generator/input"),
	"generator/intrinsic":       frontEnd,
	"generator/loops":           frontEnd,
	"generator/plan":            append(frontEnd, "config", "generator/loops"),
	"generator/inline":          frontEnd,
	"generator/restructure":     frontEnd,
	"generator/runtime":         nil,
	"generator/analysis":        append(frontEnd, "generator/load"),
	"generator/analysis/":       append(frontEnd, "generator/intrinsic", "generator/plan", "generator/loops", "generator/analysis", "generator/analysis/"),
	"generator/ad/":             append(frontEnd, "generator/intrinsic", "generator/plan", "generator/loops", "generator/analysis", "generator/analysis/", "generator/ad/"),
}

// tools are the packages only the command and each other may import.
var tools = []string{"generator/cli", "generator/driver", "generator/check", "generator/bazelgen", "generator/explain"}

func TestLayers(t *testing.T) {
	root := filepath.Join("..", "..")
	pkgs := map[string][]string{} // package -> its imports of fadj
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "examples") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) {
				pkgs[rel] = append(pkgs[rel], strings.TrimPrefix(imp, module))
			}
		}
		if _, ok := pkgs[rel]; !ok {
			pkgs[rel] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 30 {
		t.Fatalf("found only %d packages", len(pkgs))
	}
	var names []string
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		rule, ok := ruleOf(p)
		for _, imp := range pkgs[p] {
			if ok && !matches(rule, imp) {
				t.Errorf("%s imports %s, which its layer may not", p, imp)
			}
			if in(imp, tools) && !in(p, tools) && p != "generator/cmd/fadj" && !strings.HasPrefix(p, "generator/driver/") &&
				!strings.HasPrefix(p, "rules/") && !strings.HasPrefix(p, "bench") && !strings.HasPrefix(p, "regress/") && p != "testscript" {
				t.Errorf("%s imports the tool %s", p, imp)
			}
		}
	}
}

// ruleOf returns the imports package p may make, and whether p has a rule.
func ruleOf(p string) ([]string, bool) {
	if r, ok := allowed[p]; ok {
		return r, true
	}
	for k, r := range allowed {
		if strings.HasSuffix(k, "/") && strings.HasPrefix(p, k) {
			return r, true
		}
	}
	return nil, false
}

func matches(rule []string, imp string) bool {
	for _, r := range rule {
		if r == imp || strings.HasSuffix(r, "/") && strings.HasPrefix(imp, r) {
			return true
		}
	}
	return false
}

func in(p string, list []string) bool {
	for _, x := range list {
		if x == p {
			return true
		}
	}
	return false
}
