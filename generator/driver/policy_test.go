//go:build unix

package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
)

const policySrc = `subroutine f(x, y)
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  include 'inc.h'
  y = c*x
end subroutine f
`

// TestReadPolicy: what fadj reads and what it refuses to, each error at
// the place that names the file (issue 14, findings 4 and 7). Every case
// runs in a fresh tree: spec.yaml, f.f90 (which includes inc.h) and
// inc.h; setup changes it. In messages, DIR stands for the tree.
func TestReadPolicy(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.h")
	if err := os.WriteFile(secret, []byte("  real(8), parameter :: c = 2 ! token=s3cr3t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const target = "targets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\n"
	spec := func(extra string) string {
		return "version: 1\nsources: [f.f90]\noutput: {dir: ad}\n" + extra + target
	}
	include := func(name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "f.f90"), strings.Replace(policySrc, "'inc.h'", "'"+name+"'", 1))
		}
	}
	tests := []struct {
		name  string
		spec  string
		setup func(t *testing.T, dir string)
		opts  driver.Options
		want  string // first error, "" for success
	}{
		{name: "good", spec: spec("")},
		{name: "source is /dev/zero", spec: strings.Replace(spec(""), "[f.f90]", "["+strings.Repeat("../", 40)+"dev/zero]", 1),
			want: "spec.yaml:2:11: cannot read source " + strings.Repeat("../", 40) + "dev/zero: not a regular file (a character device)"},
		{name: "source is a FIFO", spec: strings.Replace(spec(""), "[f.f90]", "[pipe.f90]", 1), setup: func(t *testing.T, dir string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "pipe.f90"), 0o644); err != nil {
				t.Skip(err)
			}
		}, want: "spec.yaml:2:11: cannot read source pipe.f90: not a regular file (a named pipe)"},
		{name: "source too large", spec: spec(""), setup: func(t *testing.T, dir string) {
			if err := os.Truncate(filepath.Join(dir, "f.f90"), 1<<40); err != nil {
				t.Skip(err)
			}
		}, want: "spec.yaml:2:11: cannot read source f.f90: file is 1 TiB, more than the limit of 64 MiB"},
		{name: "include /dev/zero", spec: spec(""), setup: include("/dev/zero"),
			want: `f.f90:4:3: cannot include "/dev/zero": an absolute path; fadj reads included files only from the source and include directories (fadj generate -allow-absolute-includes allows absolute paths, except under Bazel)`},
		{name: "include /dev/zero allowed", spec: spec(""), setup: include("/dev/zero"), opts: driver.Options{AllowAbsoluteIncludes: true},
			want: `f.f90:4:3: cannot include "/dev/zero": not a regular file (a character device)`},
		{name: "absolute include", spec: spec(""), setup: include(secret),
			want: `f.f90:4:3: cannot include "` + secret + `": an absolute path; fadj reads included files only from the source and include directories (fadj generate -allow-absolute-includes allows absolute paths, except under Bazel)`},
		{name: "absolute include allowed", spec: spec(""), setup: include(secret), opts: driver.Options{AllowAbsoluteIncludes: true}},
		{name: "include outside the tree", spec: spec(""), setup: func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "..", "secret.h"), "  real(8), parameter :: c = 2 ! token=s3cr3t\n")
			include("../secret.h")(t, dir)
		}, want: `f.f90:4:3: cannot include "../secret.h": not found in DIR and the include directories, and fadj does not look outside the source and include directories`},
		{name: "include from include_dirs above the spec", spec: spec("include_dirs: [..]\n"), setup: func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "..", "secret.h"), "  real(8), parameter :: c = 2\n")
			include("../secret.h")(t, dir)
		}},
		{name: "include loop", spec: spec(""), setup: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "inc.h"))
			if err := os.Symlink("inc.h", filepath.Join(dir, "inc.h")); err != nil {
				t.Fatal(err)
			}
		}, want: `f.f90:4:3: cannot include "inc.h": inc.h: too many levels of symbolic links`},
		{name: "include a FIFO", spec: spec(""), setup: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "inc.h"))
			if err := syscall.Mkfifo(filepath.Join(dir, "inc.h"), 0o644); err != nil {
				t.Skip(err)
			}
		}, want: `f.f90:4:3: cannot include "inc.h": inc.h: not a regular file (a named pipe)`},
		{name: "missing include dir", spec: spec("include_dirs: [inc, nosuch]\n"), setup: func(t *testing.T, dir string) {
			if err := os.Mkdir(filepath.Join(dir, "inc"), 0o777); err != nil {
				t.Fatal(err)
			}
		}, want: "spec.yaml:4:21: include_dirs: nosuch does not exist"},
		{name: "include dir is a file", spec: spec("include_dirs: [f.f90]\n"),
			want: "spec.yaml:4:16: include_dirs: f.f90 is not a directory"},
		{name: "BOM", spec: spec(""), setup: func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "f.f90"), "\uFEFF"+policySrc)
			write(t, filepath.Join(dir, "inc.h"), "\uFEFF  real(8), parameter :: c = 2\n")
		}},
		{name: "define with $ unused", spec: spec("defines: {PRICE: '$5'}\n")},
		{name: "define with $ used", spec: spec("defines: {C2: '$c'}\n"), setup: func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "f.f90"), strings.Replace(policySrc, "c*x", "C2*x", 1))
		}, want: "f.f90:5:7: in the value of C2, defined by -D or the spec's defines: illegal character U+0024 '$'"},
		{name: "runtime over a source", spec: "version: 1\nsources: [heat.f90]\noutput: {dir: ., runtime: heat}\ntargets:\n  - {routine: f, independents: [x], dependents: [y]}\n", setup: func(t *testing.T, dir string) {
			if err := os.Rename(filepath.Join(dir, "f.f90"), filepath.Join(dir, "heat.f90")); err != nil {
				t.Fatal(err)
			}
		}, want: "spec.yaml:3:27: heat.f90 is the runtime module's file and also an input (heat.f90): fadj never writes over its inputs"},
		{name: "output over an include", spec: "version: 1\nsources: [f.f90]\noutput: {dir: .}\ntargets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\n", setup: func(t *testing.T, dir string) {
			include("f_d.f90")(t, dir)
			if err := os.Rename(filepath.Join(dir, "inc.h"), filepath.Join(dir, "f_d.f90")); err != nil {
				t.Fatal(err)
			}
		}, want: "spec.yaml:3:15: f_d.f90 is an output and also an input (f_d.f90): fadj never writes over its inputs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"spec.yaml": tt.spec, "f.f90": policySrc, "inc.h": "  real(8), parameter :: c = 2\n"})
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			done := make(chan struct{})
			var res *driver.Result
			var err error
			go func() {
				defer close(done)
				res, err = driver.GenerateWith(filepath.Join(dir, "spec.yaml"), tt.opts)
			}()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("Generate hangs")
			}
			got := ""
			if err != nil {
				l, ok := err.(diag.List)
				if !ok {
					t.Fatalf("error %T: %v", err, err)
				}
				got = l[0].Error()
			}
			got = strings.ReplaceAll(got, dir+string(filepath.Separator), "")
			got = strings.ReplaceAll(got, dir, "DIR")
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if err == nil && len(res.Files) != 1 {
				t.Errorf("files %v", paths(res))
			}
		})
	}
}

func write(t *testing.T, p, text string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
