package adjoint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	fadjdriver "github.com/fadj-dev/fadj/generator/driver"
)

// Snapshots of allocatable arrays, derived types and characters
// (snap_alloc.go), checked against the plain adjoint by
// TestCheckpointedLoopsAsPlain.
func init() {
	regionKernels = append(regionKernels, snapKernels...)
	allModes["bnalloc"] = true
}

var snapKernels = []regionKernel{
	{kernel{name: "bnalloc", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it, i
  real(8) :: x(n), cost
  real(8), allocatable :: w(:), h(:), unused(:)
  allocate(w(n), h(0:n - 1))
  w = x
  h = 1
  cost = 0
  do it = 1, nt
    do i = 1, n
      w(i) = w(i) + 0.1d0*sin(w(i))*h(i - 1)
    end do
    h = h*1.01d0 + 0.01d0*w
    if (allocated(unused)) unused = 2*unused
    w = sqrt(w**2 + 0.1d0)
    cost = cost + sum(w**2) + sum(h)
  end do
  cost = cost + sum(w*h)
  deallocate(w, h)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 13), rval("x", 6), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
	{kernel{name: "bnallocblock", src: `
subroutine model(n, x, cost)
  integer :: n, i
  real(8) :: x(n), cost
  real(8), allocatable :: w(:)
  allocate(w(n))
  w = x
  stage: block
    do i = 2, n
      w(i) = w(i) + 0.3d0*sin(w(i - 1))
    end do
    w = w*w
  end block stage
  cost = sum(w**2)
end subroutine
`, routine: "model", params: []param{ival("n", 5), rval("x", 5), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{name: "stage", region: true}}},
}

// TestSnapshotAllocRejected checks that a step that may change the
// allocation of an array its snapshot holds is rejected at the
// statement that may.
func TestSnapshotAllocRejected(t *testing.T) {
	const head = `subroutine grow(w)
  real(8), allocatable :: w(:)
  w = [w, 1d0]
end subroutine
subroutine s(n, x, y)
  integer :: n, it
  real(8) :: x(n), y
  real(8), allocatable :: w(:)
  allocate(w(n))
  w = x
  do it = 1, 3
`
	const tail = `
    w = w*1.1d0
  end do
  y = sum(w)
end subroutine
`
	const spec = `version: 1
sources: [s.f90]
output: {dir: ad}
targets:
  - routine: s
    mode: reverse
    independents: [x]
    dependents: [y]
    checkpoints:
      - loop: s::do it
        binomial: {snapshots: 2}
`
	for _, tc := range []struct{ stmt, want string }{
		{"    deallocate(w); allocate(w(n))", "s.f90:12:5: not supported yet: DEALLOCATE of allocatable 'w' in a step of checkpointed loop"},
		{"    w = [w(2:n), w(1)]", "s.f90:12:5: not supported yet: assignment that may reallocate allocatable 'w'"},
		{"    call grow(w)", "s.f90:12:5: not supported yet: call that may reallocate allocatable 'w'"},
	} {
		dir := t.TempDir()
		for name, s := range map[string]string{"s.f90": head + tc.stmt + tail, "spec.yaml": spec} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.stmt, err, tc.want)
		}
	}
}
