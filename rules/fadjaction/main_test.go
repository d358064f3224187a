package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const heat = `subroutine heat(u0, n, r, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u0(n), r
  real(8), intent(out) :: cost
  integer :: i
  cost = 0.0d0
  do i = 1, n
    cost = cost + r * u0(i)**2
  end do
end subroutine heat
`

const spec = `version: 1
sources: [heat.f90]
output: {dir: ad}
targets:
  - routine: heat
    mode: %s
    independents: [u0, r]
    dependents: [cost]
`

func TestRun(t *testing.T) {
	tests := []struct {
		name    string
		mode    string
		outs    []string // relative to the spec's directory
		code    int
		wantErr string // in stderr
	}{
		{name: "both", mode: "both", outs: []string{"ad/fadj_runtime.f90", "ad/heat_b.f90", "ad/heat_d.f90"}},
		{name: "tangent", mode: "tangent", outs: []string{"ad/heat_d.f90"}},
		{name: "missing out", mode: "both", outs: []string{"ad/heat_b.f90", "ad/heat_d.f90"}, code: 1,
			wantErr: "generated but not in outs: ad/fadj_runtime.f90"},
		{name: "extra out", mode: "tangent", outs: []string{"ad/heat_b.f90", "ad/heat_d.f90"}, code: 1,
			wantErr: "in outs but not generated: ad/heat_b.f90"},
		{name: "bad out flag", mode: "tangent", outs: []string{"ad/heat_d.f90", "ad/heat_d.f90"}, code: 2,
			wantErr: "listed twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			write(t, filepath.Join(src, "heat.f90"), heat)
			write(t, filepath.Join(src, "spec.yaml"), strings.Replace(spec, "%s", tt.mode, 1))
			out := t.TempDir() // Bazel's output tree: not the spec's directory
			args := []string{"-spec", filepath.Join(src, "spec.yaml")}
			for _, o := range tt.outs {
				args = append(args, "-out", o+"="+filepath.Join(out, "pkg", o))
			}
			var stderr bytes.Buffer
			code := run(args, &stderr)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.wantErr) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), tt.wantErr)
			}
			if _, err := os.Stat(filepath.Join(src, "ad")); err == nil {
				t.Errorf("wrote next to the spec")
			}
			for _, o := range tt.outs {
				_, err := os.Stat(filepath.Join(out, "pkg", o))
				if tt.code == 0 && err != nil {
					t.Errorf("output %s: %v", o, err)
				}
				if tt.code != 0 && err == nil {
					t.Errorf("output %s written although the outs are wrong", o)
				}
			}
		})
	}
}

// TestDeterministic: the same spec in two directories gives the same bytes,
// which is what lets Bazel share the action's outputs between machines.
func TestDeterministic(t *testing.T) {
	var got [2]map[string][]byte
	outs := []string{"ad/fadj_runtime.f90", "ad/heat_b.f90", "ad/heat_d.f90"}
	for i := range got {
		src := t.TempDir()
		write(t, filepath.Join(src, "heat.f90"), heat)
		write(t, filepath.Join(src, "spec.yaml"), strings.Replace(spec, "%s", "both", 1))
		out := t.TempDir()
		args := []string{"-spec", filepath.Join(src, "spec.yaml")}
		for _, o := range outs {
			args = append(args, "-out", o+"="+filepath.Join(out, o))
		}
		var stderr bytes.Buffer
		if code := run(args, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		got[i] = map[string][]byte{}
		for _, o := range outs {
			b, err := os.ReadFile(filepath.Join(out, o))
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(b, []byte(src)) || bytes.Contains(b, []byte(out)) {
				t.Errorf("%s contains a directory path", o)
			}
			got[i][o] = b
		}
	}
	for _, o := range outs {
		if !bytes.Equal(got[0][o], got[1][o]) {
			t.Errorf("%s differs between two directories", o)
		}
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestNoAbsoluteIncludes: under Bazel an include is never read from an
// absolute path, which would make the action depend on a file Bazel does
// not know (issue 14, finding 4: the action binary accepted them). The
// action has no flag to allow them.
func TestNoAbsoluteIncludes(t *testing.T) {
	src := t.TempDir()
	inc := filepath.Join(t.TempDir(), "c.h")
	write(t, inc, "  real(8), parameter :: c = 2\n")
	write(t, filepath.Join(src, "heat.f90"), strings.Replace(heat, "  integer :: i\n", "  integer :: i\n  include '"+inc+"'\n", 1))
	write(t, filepath.Join(src, "spec.yaml"), strings.Replace(spec, "%s", "tangent", 1))
	out := t.TempDir()
	var stderr bytes.Buffer
	code := run([]string{"-spec", filepath.Join(src, "spec.yaml"), "-out", "ad/heat_d.f90=" + filepath.Join(out, "heat_d.f90"), "-allow-absolute-includes"}, &stderr)
	if code != 2 {
		t.Errorf("-allow-absolute-includes: exit %d, want 2 (no such flag)", code)
	}
	stderr.Reset()
	code = run([]string{"-spec", filepath.Join(src, "spec.yaml"), "-out", "ad/heat_d.f90=" + filepath.Join(out, "heat_d.f90")}, &stderr)
	want := filepath.Join(src, "heat.f90") + `:7:3: cannot include "` + inc + `": an absolute path`
	if code != 1 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("exit %d, stderr:\n%s\nwant it to start with\n%s", code, stderr.String(), want)
	}
}
