// Package compiles checks that what fadj generates compiles: the
// original sources of a spec, the runtime module and the generated files,
// in one gfortran -fsyntax-only run, under -std=f2008 for free-form
// sources and -std=legacy for fixed-form ones (and for free-form sources
// that need it: gfortran extensions). It serves the standing compile test
// and the fuzzer's compile mode.
package compiles

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
)

// ErrSource says that the spec's own sources do not compile: what fadj
// made of them is then not to blame.
var ErrSource = errors.New("the original sources do not compile")

// Check compiles the outputs res generated for the spec at specPath in
// dir (a scratch directory). It returns nil if they compile, an error
// wrapping ErrSource if the original sources do not, and the compiler's
// output otherwise.
func Check(gfc, specPath string, res *driver.Result, dir string) error {
	spec, err := config.Load(specPath)
	if err != nil {
		return err
	}
	specDir, err := filepath.Abs(filepath.Dir(specPath))
	if err != nil {
		return err
	}
	flags := []string{"-ffree-line-length-none", "-cpp", "-I" + specDir}
	for _, d := range spec.IncludePaths() {
		if d, err = filepath.Abs(d); err != nil {
			return err
		}
		flags = append(flags, "-I"+d)
	}
	var defs []string
	for k, v := range spec.DefineMap() {
		defs = append(defs, "-D"+k+"="+v)
	}
	sort.Strings(defs)
	flags = append(flags, defs...)
	std := "-std=f2008"
	var srcs []string
	for _, p := range spec.SourcePaths() {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		srcs = append(srcs, abs)
		if f, ok := spec.FormOf(p); ok && f == config.Fixed || !ok && isFixed(p) {
			std = "-std=legacy"
		}
	}
	// The runtime first (the adjoints use it), then the generated files
	// in the driver's order.
	var gen []string
	for _, f := range res.Files {
		name := filepath.Join(dir, "gen_"+strings.ReplaceAll(f.Path, "/", "_"))
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			return err
		}
		if path := filepath.ToSlash(f.Path); strings.HasSuffix(path, "/"+spec.Output.Runtime+".f90") || path == spec.Output.Runtime+".f90" {
			gen = append([]string{name}, gen...)
		} else {
			gen = append(gen, name)
		}
	}
	c := &gfortran.Compiler{Path: gfc, Flags: append(append([]string{}, flags...), std)}
	err = c.SyntaxCheck(dir, append(append([]string{}, srcs...), gen...)...)
	if err == nil {
		return nil
	}
	// Blame the sources if they alone fail, under both standards.
	if c.SyntaxCheck(dir, srcs...) == nil {
		return err
	}
	c.Flags = append(append([]string{}, flags...), "-std=legacy")
	if e := c.SyntaxCheck(dir, srcs...); e != nil {
		return fmt.Errorf("%w: %v", ErrSource, e)
	}
	return c.SyntaxCheck(dir, append(append([]string{}, srcs...), gen...)...)
}

func isFixed(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".f", ".for", ".f77", ".ftn":
		return true
	}
	return false
}
