package driver

import (
	"path"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
)

// Outputs returns the paths of the files Generate writes for spec,
// '/'-separated, relative to the spec's directory, sorted and without
// duplicates. It needs the spec only, not the Fortran sources, so build
// files (fadj bazel) can declare the outputs before anything is generated.
// It follows Generate's naming: <routine><suffix>.f90 per mode of each
// target, prefixed by <module>_ for a module-qualified target, lower case,
// and <runtime>.f90 once when some target has reverse mode, and the
// sources of output.augment under their base names. A spec whose
// targets collide is an error of Generate; here each path is listed once.
func Outputs(spec *config.Spec) []string {
	dir := spec.Output.Dir.Clean()
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	reverse := false
	for _, t := range spec.Targets {
		var suffixes []string
		if t.Mode.HasTangent() {
			suffixes = append(suffixes, spec.Output.TangentSuffix)
		}
		if t.Mode.HasReverse() {
			suffixes = append(suffixes, spec.Output.Suffix)
			reverse = true
		}
		for _, s := range suffixes {
			name := t.Name + s + ".f90"
			if t.Module != "" {
				name = t.Module + "_" + name
			}
			add(path.Join(dir, strings.ToLower(name)))
		}
	}
	if reverse {
		add(path.Join(dir, spec.Output.Runtime+".f90"))
	}
	for _, p := range spec.Output.Augment {
		add(spec.Output.AugmentedPath(p))
	}
	sort.Strings(out)
	return out
}
