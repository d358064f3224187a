package runtime

import (
	"regexp"
	"strings"
	"testing"
)

// TestThreadprivate: every variable of the module is in its
// threadprivate directive, so that the threads of a parallel loop
// calling adjoints never share a tape or a counter.
func TestThreadprivate(t *testing.T) {
	src := string(Source)
	head := src[:strings.Index(src, "\ncontains\n")]
	dir := regexp.MustCompile(`(?s)!\$omp threadprivate\((.*?)\)\n`).FindStringSubmatch(head)
	if dir == nil {
		t.Fatal("no !$omp threadprivate directive before CONTAINS")
	}
	listed := map[string]bool{}
	for _, v := range strings.Split(strings.NewReplacer("&", "", "!$omp", "", "\n", "").Replace(dir[1]), ",") {
		listed[strings.TrimSpace(v)] = true
	}
	decl := regexp.MustCompile(`(?m)^  (?:real|integer|logical|character)[^:!]*::(.*)$`)
	name := regexp.MustCompile(`^\s*([a-z_][a-z0-9_]*)`)
	n := 0
	for _, m := range decl.FindAllStringSubmatch(head, -1) {
		if strings.Contains(strings.SplitN(m[0], "::", 2)[0], "parameter") {
			continue
		}
		// Split at commas outside parentheses and brackets.
		depth, start, rest := 0, 0, m[1]
		var ents []string
		for i, r := range rest {
			switch r {
			case '(', '[':
				depth++
			case ')', ']':
				depth--
			case ',':
				if depth == 0 {
					ents = append(ents, rest[start:i])
					start = i + 1
				}
			}
		}
		ents = append(ents, rest[start:])
		for _, e := range ents {
			v := name.FindStringSubmatch(e)
			if v == nil {
				continue
			}
			n++
			if !listed[v[1]] {
				t.Errorf("module variable %s is not threadprivate", v[1])
			}
		}
	}
	if n < 30 {
		t.Errorf("found %d module variables; the declarations were not read", n)
	}
}
