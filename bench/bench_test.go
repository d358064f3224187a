package bench

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/driver"
)

// reps is the number of alternated primal/adjoint runs per driver run:
// $FADJ_BENCH_REPS, default 11.
func reps(b *testing.B) int {
	if s := os.Getenv("FADJ_BENCH_REPS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("FADJ_BENCH_REPS=%q: want a positive integer", s)
		}
		return n
	}
	return 11
}

// BenchmarkTape reports per kernel the peak tape bytes of the adjoint
// recording what the TBR analysis lists and of the store-all baseline
// (every overwritten value), and their ratio.
func BenchmarkTape(b *testing.B) {
	for _, k := range kernels {
		b.Run(k, func(b *testing.B) {
			tbr := build(b, k, false)
			all := build(b, k, true)
			b.ResetTimer()
			var mt, ma measurement
			for i := 0; i < b.N; i++ {
				mt = run(b, tbr, 1)
				ma = run(b, all, 1)
			}
			if mt.peak <= 0 {
				b.Fatalf("%s: TBR tape peak %d bytes", k, mt.peak)
			}
			b.ReportMetric(float64(mt.peak), "tbr-B")
			b.ReportMetric(float64(ma.peak), "storeall-B")
			b.ReportMetric(float64(ma.peak)/float64(mt.peak), "storeall/tbr")
		})
	}
}

// BenchmarkAdjointRuntime reports per kernel the median adjoint and
// primal times of one driver run (alternated, same -O2 build) and their
// ratio, then the median over the kernels of each kernel's median ratio
// (with -count N a kernel runs N times before the next).
func BenchmarkAdjointRuntime(b *testing.B) {
	ratios := map[string][]float64{}
	for _, k := range kernels {
		b.Run(k, func(b *testing.B) {
			exe := build(b, k, false)
			b.ResetTimer()
			var m measurement
			for i := 0; i < b.N; i++ {
				m = run(b, exe, reps(b))
			}
			b.ReportMetric(m.primal*1e3, "primal-ms")
			b.ReportMetric(m.adjoint*1e3, "adjoint-ms")
			b.ReportMetric(m.ratio, "adj/primal")
			ratios[k] = append(ratios[k], m.ratio)
		})
	}
	if len(ratios) > 0 {
		b.Run("median", func(b *testing.B) {
			var per []float64
			for _, rs := range ratios {
				per = append(per, median(rs))
			}
			b.ReportMetric(median(per), "adj/primal")
			b.ReportMetric(float64(len(per)), "kernels")
		})
	}
}

// BenchmarkGenerate reports the speed of driver.Generate, in source
// lines per second, on each kernel and on a synthetic spec of many
// routines.
func BenchmarkGenerate(b *testing.B) {
	specs := map[string]string{}
	var names []string
	for _, k := range kernels {
		specs[k] = filepath.Join("testdata", k, "spec.yaml")
		names = append(names, k)
	}
	names = append(names, "synthetic")
	specs["synthetic"] = synthetic(b, 200)
	for _, name := range names {
		spec := specs[name]
		b.Run(name, func(b *testing.B) {
			lines := sourceLines(b, spec)
			for b.Loop() {
				if _, err := driver.Generate(spec); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
			b.ReportMetric(float64(lines), "lines")
		})
	}
}

// sourceLines counts the lines of the Fortran files next to spec.
func sourceLines(b *testing.B, spec string) int {
	files, err := filepath.Glob(filepath.Join(filepath.Dir(spec), "*.f90"))
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if filepath.Base(f) == "main.f90" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		n += bytes.Count(data, []byte("\n"))
	}
	return n
}

// synthetic writes a spec whose target calls n stencil routines in turn
// (each a shallow-water-like update with nonlinear fluxes), so that all
// of them are differentiated, and returns its path.
func synthetic(b *testing.B, n int) string {
	dir := b.TempDir()
	var src strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&src, `subroutine step%d(m, h, hu, hn, hun)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: h(m), hu(m)
  real(8), intent(out) :: hn(m), hun(m)
  real(8) :: fe, fw
  integer :: i
  hn(1) = h(1)
  hun(1) = hu(1)
  hn(m) = h(m)
  hun(m) = hu(m)
  do i = 2, m - 1
    hn(i) = 0.5d0*(h(i+1) + h(i-1)) - 0.%[1]d1d0*(hu(i+1) - hu(i-1))
    fe = hu(i+1)**2/h(i+1) + 4.9d0*h(i+1)**2
    fw = hu(i-1)**2/h(i-1) + 4.9d0*h(i-1)**2
    if (hu(i) > 0.0d0) then
      hun(i) = hu(i) - 0.%[1]d1d0*(fe - fw) + sqrt(abs(hu(i)))*0.001d0
    else
      hun(i) = hu(i) - 0.%[1]d1d0*(fe - fw) - exp(-h(i))*0.001d0
    end if
  end do
end subroutine step%[1]d

`, i)
	}
	src.WriteString("subroutine model(m, h, hu, cost)\n  implicit none\n  integer, intent(in) :: m\n")
	src.WriteString("  real(8), intent(inout) :: h(m), hu(m)\n  real(8), intent(out) :: cost\n  real(8) :: hn(m), hun(m)\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&src, "  call step%d(m, h, hu, hn, hun)\n  h = hn\n  hu = hun\n", i)
	}
	src.WriteString("  cost = sum(h**2) + sum(hu**2)\nend subroutine model\n")
	spec := "version: 1\nsources: [model.f90]\noutput: {dir: ad}\ntargets:\n  - routine: model\n    mode: both\n    independents: [h, hu]\n    dependents: [cost]\n"
	if err := os.WriteFile(filepath.Join(dir, "model.f90"), []byte(src.String()), 0o666); err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(p, []byte(spec), 0o666); err != nil {
		b.Fatal(err)
	}
	return p
}
