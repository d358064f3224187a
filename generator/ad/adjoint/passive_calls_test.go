package adjoint_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
)

// TestPassiveDefRejected checks the rejections of passive_calls.go in
// reverse mode alone (the tangent rejects these too, first).
func TestPassiveDefRejected(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"element to array dummy", `
subroutine zap(w, n)
  integer n
  real(8) w(n)
  w = 0.5d0
end subroutine
subroutine s(x, y)
  real(8), intent(in) :: x(4)
  real(8), intent(out) :: y
  real(8) :: q(4)
  q = x*x
  call zap(q(2), 2)
  y = sum(q*x)
end subroutine
`, "k.f90:11:3: not supported yet: active array element 'q(...)' passed to array dummy 'w' of 'zap', which may modify it with a passive value, in reverse mode"},
		{"element to intent(out) array dummy", `
subroutine fill(w, n)
  integer, intent(in) :: n
  real(8), intent(out) :: w(n)
  w = 0.5d0
end subroutine
subroutine s(x, y)
  real(8), intent(in) :: x(4)
  real(8), intent(out) :: y
  real(8) :: q(4)
  q = x*x
  call fill(q(2), 2)
  y = sum(q*x)
end subroutine
`, "k.f90:11:3: not supported yet: active array element 'q(...)' passed to array dummy 'w' of 'fill', which may modify it with a passive value, in reverse mode"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "k.f90", c.src)
			proc := prog.Info.Global.Lookup("s")
			target := &analysis.Target{Routine: proc}
			target.Independents = append(target.Independents, proc.Inner.Lookup("x"))
			target.Dependents = append(target.Dependents, proc.Inner.Lookup("y"))
			tbrA := tbr.New("tbr", tbr.Config{})
			res, err := analysis.Run(prog, target, activity.Analyzer, tbrA)
			if err := analysis.Errors(err); err != nil {
				t.Fatalf("analysis: %v", err)
			}
			act, _ := res[activity.Analyzer].(*activity.Result)
			rec, _ := res[tbrA].(*tbr.Result)
			_, err = adjoint.Generate(prog, act, rec, adjoint.Config{})
			if err == nil || err.Error() != c.want {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}
