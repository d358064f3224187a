package check

import (
	"bytes"
	"os"
)

// usesOpenMP reports whether one of the source files has an OpenMP
// directive line ("!$omp", fixed-form "c$omp", "*$omp"): the primal and
// its derivatives (which keep the directives) are then compiled with
// -fopenmp, so that the check runs them in parallel as the user would.
func usesOpenMP(paths []string) bool {
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue // reading it again reports the error
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			line = bytes.TrimLeft(line, " \t")
			if len(line) >= 5 && (line[0] == '!' || line[0]|0x20 == 'c' || line[0] == '*') &&
				line[1] == '$' && bytes.EqualFold(line[2:5], []byte("omp")) {
				return true
			}
		}
	}
	return false
}
