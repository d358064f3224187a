package bazelgen

import (
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/input"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/source"
)

// want is what the rules of one spec must say.
type want struct {
	spec string   // the spec's file name, in the package
	srcs []string // Fortran sources and the files they include: paths in the package or labels
	outs []string // what fadj generate writes, in the package
}

// pkg is one Bazel package being updated.
type pkg struct {
	dir   string            // as walked (for messages and reading)
	abs   string            // absolute
	ws    string            // absolute root of the enclosing Bazel repository, "" if none
	isPkg func(string) bool // whether an absolute directory is (or will be) a package
}

// wantOf loads the spec name of the package and computes its rules'
// attributes. Errors are positioned in the spec.
func (p *pkg) wantOf(name string) (*want, error) {
	spec, err := config.Load(filepath.Join(p.dir, name))
	if err != nil {
		return nil, err
	}
	w := &want{spec: name}
	var errs diag.List
	for _, o := range driver.Outputs(spec) {
		if err := p.checkOut(o); err != "" {
			errs.Addf(spec.Output.Dir.Pos, "output dir %s %s; a Bazel rule declares outputs only in its own package", spec.Output.Dir.Text, err)
			break
		}
		w.outs = append(w.outs, o)
	}
	entry := map[string]source.Position{}
	for i, s := range spec.SourcePaths() {
		if i < len(spec.Sources) {
			entry[s] = spec.Sources[i].Pos
		}
	}
	seen := map[string]bool{}
	for _, f := range readFiles(spec) {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		l, ok := p.label(abs)
		if !ok {
			pos, isSource := entry[f]
			if !isSource {
				pos = source.Position{Filename: spec.Filename}
			}
			errs.Addf(pos, "cannot name %s in %s: it is outside the package and no package above it in a Bazel repository holds it", f, p.dir)
			continue
		}
		if !seen[l] {
			seen[l] = true
			w.srcs = append(w.srcs, l)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	sort.Strings(w.srcs)
	return w, nil
}

// checkOut says why the generated file o (relative to the package) is
// not in the package, or "".
func (p *pkg) checkOut(o string) string {
	if o == ".." || strings.HasPrefix(o, "../") {
		return "is outside the package"
	}
	for d := path.Dir(o); d != "."; d = path.Dir(d) {
		if p.isPkg(filepath.Join(p.abs, filepath.FromSlash(d))) {
			return "is in the package " + d + " below this one"
		}
	}
	return ""
}

// label names the file at abs from the package: a path relative to the
// package when the package holds it, else a label //pkg:file.
func (p *pkg) label(abs string) (string, bool) {
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if d == p.abs {
			rel, err := filepath.Rel(p.abs, abs)
			return filepath.ToSlash(rel), err == nil
		}
		if p.isPkg(d) {
			if p.ws == "" {
				return "", false
			}
			pk, err := filepath.Rel(p.ws, d)
			if err != nil || pk == ".." || strings.HasPrefix(pk, ".."+string(filepath.Separator)) {
				return "", false
			}
			if pk == "." {
				pk = ""
			}
			file, err := filepath.Rel(d, abs)
			return "//" + filepath.ToSlash(pk) + ":" + filepath.ToSlash(file), err == nil
		}
		if d == p.ws || d == filepath.Dir(d) {
			return "", false
		}
	}
}

// readFiles returns the files generating from spec reads: its sources
// and the files their INCLUDE lines and #include directives name, as
// the front end resolves them with the spec's defines and include
// directories. Problems in the Fortran are fadj generate's to report;
// the files read up to them are returned.
func readFiles(spec *config.Spec) []string {
	var read []string
	seen := map[string]bool{}
	// Form overrides the front end cannot honour are fadj generate's to
	// report; the files are then read by their extensions.
	conf, _ := bind.Config(spec)
	conf.ReadFile = func(name string) ([]byte, error) {
		data, err := input.ReadFile(name, input.MaxFileSize)
		if err == nil && !seen[name] {
			seen[name] = true
			read = append(read, name)
		}
		return data, err
	}
	_, _ = load.Files(spec.SourcePaths(), conf)
	// A source that cannot be read still belongs in srcs: the build
	// then reports it missing.
	for _, s := range spec.SourcePaths() {
		if !seen[s] {
			seen[s] = true
			read = append(read, s)
		}
	}
	return read
}
