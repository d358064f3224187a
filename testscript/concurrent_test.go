package testscript

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

const concurrentSrc = `subroutine heat(u, n, cost)
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: cost
  integer :: i
  cost = 0
  do i = 1, n
    cost = cost + u(i)**2
  end do
end subroutine heat
`

const concurrentSpec = `version: 1
sources: [heat.f90]
output: {dir: ad}
targets:
  - {routine: heat, mode: both, independents: [u], dependents: [cost]}
`

// TestConcurrentGenerate runs two fadj generate processes at once into
// one output directory, many times: every run must succeed, and the
// directory must hold one complete set, nothing else (issue 14, finding
// 5: about 2% of such runs failed). Half the pairs run the same spec, half
// two specs whose outputs differ (their headers name the spec).
// FADJ_CONCURRENT_RUNS sets the number of pairs (default 20; the issue's
// acceptance figure is 1,000).
func TestConcurrentGenerate(t *testing.T) {
	pairs := 20
	if s := os.Getenv("FADJ_CONCURRENT_RUNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		pairs = n
	}
	// This test binary is fadj when its name is (testscript.Main).
	fadj := filepath.Join(t.TempDir(), "fadj")
	if err := os.Symlink(os.Args[0], fadj); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"heat.f90": concurrentSrc, "a.yaml": concurrentSpec, "b.yaml": concurrentSpec} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	failures := 0
	for i := 0; i < pairs; i++ {
		specs := []string{"a.yaml", "a.yaml"}
		if i%2 == 1 {
			specs[1] = "b.yaml"
		}
		var wg sync.WaitGroup
		errs := make([]string, 2)
		for k, spec := range specs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cmd := exec.Command(fadj, "generate", spec)
				cmd.Dir = dir
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil || stderr.Len() > 0 {
					errs[k] = spec + ": " + strings.TrimSpace(stderr.String())
				}
			}()
		}
		wg.Wait()
		for _, e := range errs {
			if e != "" {
				failures++
				t.Errorf("pair %d: %s", i, e)
			}
		}
		if msg := checkComplete(filepath.Join(dir, "ad")); msg != "" {
			failures++
			t.Errorf("pair %d: %s", i, msg)
		}
		if failures > 5 {
			t.Fatal("too many failures")
		}
	}
	t.Logf("%d pairs of concurrent runs, %d failures", pairs, failures)
}

// checkComplete says what is wrong with the output directory: a file
// missing or left over, or files of different specs.
func checkComplete(ad string) string {
	ents, err := os.ReadDir(ad)
	if err != nil {
		return err.Error()
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != ".fadj-manifest fadj_runtime.f90 heat_b.f90 heat_d.f90" {
		return "files: " + got
	}
	var from string
	for _, n := range []string{"heat_b.f90", "heat_d.f90"} {
		data, err := os.ReadFile(filepath.Join(ad, n))
		if err != nil {
			return err.Error()
		}
		header, _, _ := strings.Cut(string(data), "\n")
		if from == "" {
			from = header
		}
		if header != from || !strings.HasSuffix(string(data), "end subroutine heat_"+n[5:6]+"\n") {
			return "mixed or incomplete set: " + n + ": " + header
		}
	}
	return ""
}
