package check

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestOpenMPTwoThreads checks the OpenMP kernels with OMP_NUM_THREADS=2:
// the parallel tangent and adjoint loops run on two threads (a probe
// compiled the same way says how many the check's programs get).
func TestOpenMPTwoThreads(t *testing.T) {
	fc := gfortrantest.Require(t)
	t.Setenv("OMP_NUM_THREADS", "2")
	dir := t.TempDir()
	src := filepath.Join(dir, "probe.f90")
	prog := "program probe\n  use omp_lib\n  print '(i0)', omp_get_max_threads()\nend program probe\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "probe")
	if out, err := exec.Command(fc, "-fopenmp", "-o", exe, src).CombinedOutput(); err != nil {
		t.Skipf("gfortran without -fopenmp: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).Output()
	if err != nil || strings.TrimSpace(string(out)) != "2" {
		t.Fatalf("probe: %q, %v; want 2 threads", out, err)
	}
	names := []string{"omp_stencil", "omp_heat2d", "omp_overwrite", "omp_scatter", "omp_tangent_calls", "omp_region", "omp_region_tape", "omp_region_steps", "omp_region_psum", "omp_region_calls", "omp_private", "omp_branch", "omp_columns", "omp_collapse", "omp_passive", "omp_column_calls", "omp_column_params", "omp_collapse3", "omp_collapse_private", "omp_parallel_sections", "omp_maxforms", "omp_sections_calls", "omp_region_temps", "omp_critical_sum", "omp_firstlast", "omp_region_sections", "omp_steps_flux", "omp_column_private", "omp_column_work", "omp_column_tape", "omp_tape_stencil", "omp_column_split", "omp_firstlast_tape", "omp_reduction_extremes", "omp_reduction_if", "omp_reduction_max", "omp_reduction_max2d", "omp_region_atomic", "omp_region_max", "omp_region_partial"}
	if os.Getenv("FADJ_LONG_TESTS") != "1" {
		names = names[:1] // the others in .ci/run, for go test ./...'s time
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			spec := filepath.Join(kernelsDir, name, "spec.yaml")
			if !usesOpenMP([]string{filepath.Join(kernelsDir, name, firstSource(t, spec))}) {
				t.Fatalf("%s: no OpenMP directive found", name)
			}
			rep, err := Run(spec, Options{RuntimeCache: runtimeCache})
			if err != nil {
				var b strings.Builder
				diag.Print(&b, err, 0)
				t.Fatalf("fadj check: %s", b.String())
			}
			var buf bytes.Buffer
			rep.Write(&buf)
			if !rep.OK() {
				t.Errorf("fadj check fails on 2 threads:\n%s", buf.String())
			}
		})
	}
}

// firstSource is the first source file a kernel's spec names.
func firstSource(t *testing.T, spec string) string {
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(data), "sources: [")
	name, _, _ := strings.Cut(rest, "]")
	return strings.TrimSpace(strings.Split(name, ",")[0])
}

// TestUsesOpenMP: directive lines in both forms make a source OpenMP;
// "!$" conditional lines and other comments do not.
func TestUsesOpenMP(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"x = 1\n", false},
		{"! $omp parallel\n!$ x = 1\n", false},
		{"  !$omp parallel do\n", true},
		{"c$OMP parallel do\n", true},
		{"*$omp end parallel do\n", true},
	} {
		p := filepath.Join(t.TempDir(), "a.f")
		if err := os.WriteFile(p, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := usesOpenMP([]string{p}); got != tc.want {
			t.Errorf("%q: usesOpenMP %v, want %v", tc.src, got, tc.want)
		}
	}
}
