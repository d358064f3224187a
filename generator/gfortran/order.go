package gfortran

import (
	"fmt"
	"os"
	"regexp"
	"strings"
)

// With output.augment, a source's modules hold derivative code that uses
// the derivative modules of other sources, and other sources may use
// them: the files no longer compile in the spec's order followed by the
// generated ones. ModuleOrder orders them by the modules they define and
// use.

var (
	moduleDef = regexp.MustCompile(`(?im)^[ \t]*module[ \t]+([a-z]\w*)[ \t]*(?:!.*)?$`)
	moduleUse = regexp.MustCompile(`(?im)^[ \t]*use[ \t]*(?:,[ \t]*(?:non_)?intrinsic[ \t]*)?(?:::)?[ \t]*([a-z]\w*)`)
)

// ModuleOrder returns paths with every file after the files defining the
// modules it uses, otherwise in the given order; an error if files use
// each other's modules.
func ModuleOrder(paths []string) ([]string, error) {
	defines := map[string]int{} // module -> file index
	uses := make([][]string, len(paths))
	for i, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		for _, m := range moduleDef.FindAllSubmatch(data, -1) {
			defines[strings.ToLower(string(m[1]))] = i
		}
		for _, m := range moduleUse.FindAllSubmatch(data, -1) {
			uses[i] = append(uses[i], strings.ToLower(string(m[1])))
		}
	}
	done := make([]bool, len(paths))
	var out []string
	for len(out) < len(paths) {
		next := -1
		for i := range paths {
			if done[i] {
				continue
			}
			ready := true
			for _, m := range uses[i] {
				if d, ok := defines[m]; ok && d != i && !done[d] {
					ready = false
					break
				}
			}
			if ready {
				next = i
				break
			}
		}
		if next < 0 {
			var left []string
			for i, p := range paths {
				if !done[i] {
					left = append(left, p)
				}
			}
			return nil, fmt.Errorf("the files use each other's modules, no order compiles them: %s", strings.Join(left, ", "))
		}
		done[next] = true
		out = append(out, paths[next])
	}
	return out, nil
}
