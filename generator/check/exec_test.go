package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

func TestSafeFlag(t *testing.T) {
	for _, f := range []string{
		"-O0", "-O2", "-O3", "-Ofast", "-Og", "-g", "-g3", "-Wall", "-Wextra", "-Werror", "-Wno-unused-variable",
		"-Wimplicit-interface", "-pedantic", "-std=f2008", "-std=legacy", "-cpp", "-DNDEBUG", "-DN=10", "-UDEBUG",
		"-march=native", "-mtune=generic", "-mavx2", "-ffixed-form", "-ffree-form", "-ffree-line-length-none",
		"-ffixed-line-length-132", "-fdefault-real-8", "-fno-automatic", "-fcheck=all", "-fcheck=bounds,do",
		"-finit-real=nan", "-finit-integer=-1000003", "-ffpe-trap=invalid,zero,overflow", "-fopenmp", "-fno-fast-math",
		"-frecursive", "-fallow-argument-mismatch", "-fbacktrace", "-lblas", "-llapack", "-static-libgfortran",
		"-fimplicit-none", "-fconvert=big-endian", "-fcoarray=single", "-fno-range-check",
	} {
		if !safeFlag.MatchString(f) {
			t.Errorf("%s: needs -allow-exec, want safe", f)
		}
	}
	for _, f := range []string{
		"-wrapper", "/bin/sh,-c,touch x", "-fplugin=/tmp/p.so", "-fplugin-arg-p-x=1", "-B/tmp", "-B", "-specs=/tmp/s",
		"-Wl,-plugin,/tmp/p.so", "-Wa,--defsym,x=1", "-Wp,-imacros,/etc/passwd", "-o", "/tmp/out", "-fdump-tree-all=/tmp/x",
		"-fdump-tree-all", "-fprofile-generate=/tmp", "-save-temps", "-I/etc", "-L/tmp", "@/tmp/args", "-x", "-l/tmp/x.so",
		"-l:x.so", "-J/tmp", "-fself-test=/tmp", "-fopt-info=/tmp/x", "-MF/tmp/x", "-fcompare-debug", "--param=x=1", "",
		"-O2 -wrapper", "-DX\x00", "-fuse-ld=/tmp/ld",
	} {
		if safeFlag.MatchString(f) {
			t.Errorf("%q: safe, want it to need -allow-exec", f)
		}
	}
}

func TestKnownCompiler(t *testing.T) {
	for _, c := range []string{"gfortran", "gfortran-13", "gfortran-12.2", "flang", "flang-new", "flang-new-17", "ifx", "ifort", "nvfortran", "lfortran"} {
		if !knownCompiler.MatchString(c) {
			t.Errorf("%s: not known", c)
		}
	}
	for _, c := range []string{"sh", "./gfortran", "/usr/bin/gfortran", "gfortran-x", "cc.sh", "bash", "python3", "gfortran;sh"} {
		if knownCompiler.MatchString(c) {
			t.Errorf("%s: known", c)
		}
	}
}

// execTree writes a spec with the given check section, a tangent target
// and a compiler script cc.sh that records that it ran (in ran.txt) and
// runs gfortran. It returns the spec's path.
func execTree(t *testing.T, checkSection, gfortranPath string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"spec.yaml": "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\ncheck:\n" + checkSection,
		"f.f90":     "subroutine f(x, y)\n  real(8), intent(in) :: x\n  real(8), intent(out) :: y\n  y = x*x\nend subroutine f\n",
		"cc.sh":     "#!/bin/sh\necho ran > '" + filepath.Join(dir, "ran.txt") + "'\nexec '" + gfortranPath + "' \"$@\"\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "spec.yaml")
}

// TestCompilerNeedsAllowExec checks issue 14's finding 3: a compiler
// that is not a known Fortran compiler, and flags that may run another
// program, are refused unless -allow-exec is given, nothing is run,
// and a relative compiler path is relative to the spec.
func TestCompilerNeedsAllowExec(t *testing.T) {
	t.Parallel()
	gf := gfortrantest.Require(t)
	for _, tc := range []struct {
		name, check string
		allow       bool
		want        string // the error, "" if the check runs and passes
		ran         bool   // cc.sh ran
	}{
		{"script", "  compiler: ./cc.sh\n", false,
			"spec.yaml:7:13: check.compiler: './cc.sh' is not a Fortran compiler fadj knows (gfortran, flang, ifx, ...): running it runs a program the spec names; if you trust this spec, run fadj check -allow-exec", false},
		{"script allowed, relative to the spec", "  compiler: ./cc.sh\n", true, "", true},
		{"wrapper", "  flags: [-O1, -wrapper, '/bin/sh,-c,./cc.sh']\n", false,
			"spec.yaml:7:16: check.flags: '-wrapper' is not among the compiler flags fadj check passes on its own (it could run or load another program, or write outside the check's directory); if you trust this spec, run fadj check -allow-exec\n" +
				"spec.yaml:7:26: check.flags: '/bin/sh,-c,./cc.sh' is not among the compiler flags fadj check passes on its own (it could run or load another program, or write outside the check's directory); if you trust this spec, run fadj check -allow-exec", false},
		{"safe flags", "  flags: [-O2, -Wall, -fcheck=all, -ffpe-trap=invalid]\n", false, "", false},
		{"missing compiler", "  compiler: gfortran-99\n", false, "spec.yaml:7:13: check.compiler: 'gfortran-99' not found: executable file not found in $PATH", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			spec := execTree(t, tc.check, gf)
			rep, err := Run(spec, Options{AllowExec: tc.allow})
			got := ""
			if err != nil {
				var b strings.Builder
				diag.Print(&b, err, 0)
				got = strings.TrimSpace(strings.ReplaceAll(b.String(), filepath.Dir(spec)+string(filepath.Separator), ""))
			}
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if err == nil && !rep.OK() {
				var buf bytes.Buffer
				rep.Write(&buf)
				t.Errorf("check fails:\n%s", buf.String())
			}
			_, statErr := os.Stat(filepath.Join(filepath.Dir(spec), "ran.txt"))
			if ran := statErr == nil; ran != tc.ran {
				t.Errorf("cc.sh ran: %v, want %v", ran, tc.ran)
			}
		})
	}
}

// TestWorkDirPrivate checks issue 14's finding 1: fadj check writes only
// inside its own temporary directory, created 0700, removed unless asked
// to keep it; an output.dir leading out of it, towards a symbolic link
// waiting there, is refused.
func TestWorkDirPrivate(t *testing.T) {
	t.Parallel()
	gfortrantest.Require(t)
	// The runs' $TMPDIR (Options.TempDir, so that the test can run in
	// parallel with others).
	tmp := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim.txt")
	if err := os.WriteFile(victim, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Where "gen/" + output.dir + "/heat_b.f90" led from the check's
	// directory $TMPDIR/fadj-check-* before output.dir was confined to
	// the spec's directory: $TMPDIR/gen/heat_b.f90.
	if err := os.MkdirAll(filepath.Join(tmp, "gen"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(tmp, "gen", "heat_b.f90")); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../examples/heat_reverse/heat.f90")
	if err != nil {
		t.Fatal(err)
	}
	// An output.dir leading out of the spec's directory (and so out of
	// the check's) is refused before anything is written.
	escape := specTree(t, map[string]string{
		"spec.yaml": "version: 1\nsources: [heat.f90]\noutput: {dir: ../../gen}\ntargets:\n  - {routine: heat, independents: [u0, r], dependents: [cost]}\n",
		"heat.f90":  string(src),
	})
	if _, err := Run(escape, Options{TempDir: tmp}); err == nil || !strings.Contains(err.Error(), "outside the spec's directory") {
		t.Errorf("output.dir ../../gen: err = %v, want it refused", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "precious\n" {
		t.Fatalf("the file behind the symlink was overwritten:\n%.200s", data)
	}
	spec := specTree(t, map[string]string{
		"spec.yaml": "version: 1\nsources: [heat.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: heat, independents: [u0, r], dependents: [cost]}\n",
		"heat.f90":  string(src),
	})
	for _, keep := range []bool{false, true} {
		var log bytes.Buffer
		rep, err := Run(spec, Options{Keep: keep, Log: &log, TempDir: tmp})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.OK() {
			var buf bytes.Buffer
			rep.Write(&buf)
			t.Errorf("check fails:\n%s", buf.String())
		}
		if data, _ := os.ReadFile(victim); string(data) != "precious\n" {
			t.Fatalf("keep=%v: the file behind the symlink was overwritten:\n%.200s", keep, data)
		}
		ents, _ := os.ReadDir(filepath.Join(tmp, "gen"))
		if len(ents) != 1 {
			t.Errorf("keep=%v: fadj check wrote into $TMPDIR/gen: %v", keep, ents)
		}
		left, _ := filepath.Glob(filepath.Join(tmp, "fadj-check-*"))
		switch {
		case !keep && len(left) != 0:
			t.Errorf("the check directory was not removed: %v", left)
		case keep && len(left) != 1:
			t.Errorf("keep: %d check directories, want 1: %v", len(left), left)
		case keep:
			fi, err := os.Stat(left[0])
			if err != nil || fi.Mode().Perm() != 0o700 {
				t.Errorf("the check directory has mode %v (%v), want 0700", fi.Mode().Perm(), err)
			}
			if _, err := os.Stat(filepath.Join(left[0], "gen", "heat_b.f90")); err != nil {
				t.Errorf("the adjoint is not in the kept directory's gen/: %v", err)
			}
			if !strings.Contains(log.String(), "keeping "+left[0]) {
				t.Errorf("log does not name the kept directory:\n%s", log.String())
			}
		}
	}
}

// TestFlagPositions checks that the spec keeps each flag's position.
func TestFlagPositions(t *testing.T) {
	s, err := config.Parse("spec.yaml", []byte("version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, independents: [x], dependents: [y]}\ncheck:\n  flags:\n    - -O2\n    - -wrapper\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Check.FlagsAt) != 2 || s.Check.FlagsAt[1].Line != 9 || s.Check.FlagsAt[1].Column != 7 {
		t.Errorf("FlagsAt = %v", s.Check.FlagsAt)
	}
}

// TestRuntimeCache checks that runs sharing a cache compile the runtime
// module once, and that a run without one still works (its runtime is
// compiled in its own directory).
func TestRuntimeCache(t *testing.T) {
	t.Parallel()
	gfortrantest.Require(t)
	cache := &RuntimeCache{Dir: t.TempDir()}
	spec := "../../examples/heat_reverse/spec.yaml"
	for i := 0; i < 2; i++ {
		rep, err := Run(spec, Options{RuntimeCache: cache})
		if err != nil || !rep.OK() {
			t.Fatalf("run %d: %v", i, err)
		}
	}
	ents, _ := os.ReadDir(cache.Dir)
	if len(ents) != 1 {
		t.Errorf("%d runtime builds in the cache, want 1", len(ents))
	}
	objs, _ := filepath.Glob(filepath.Join(cache.Dir, "*", "fadj_runtime.o"))
	if len(objs) != 1 {
		t.Fatalf("objects: %v", objs)
	}
	// A cleaner of the temporary directory removes the build: the next
	// run compiles it again (a CI dry run lost 203 kernel checks so).
	if err := os.RemoveAll(filepath.Dir(objs[0])); err != nil {
		t.Fatal(err)
	}
	if rep, err := Run(spec, Options{RuntimeCache: cache}); err != nil || !rep.OK() {
		t.Fatalf("run after the cache's build was removed: %v", err)
	}
}
