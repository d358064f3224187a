package bench

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
)

// TestCheckpointSpecs checks that every checkpoint kernel's spec lists
// checkpoints, each with an explicit snapshots: key (tapenade/
// checkpoint.sh rewrites those lines with sed), and that withSnapshots
// sets the option on all of them: lazy and eager load, auto loads or is
// reported as not available.
func TestCheckpointSpecs(t *testing.T) {
	line := regexp.MustCompile(`(?m)^\s*snapshots:\s*lazy\s*$`)
	for _, k := range ckptKernels {
		t.Run(k, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(ckptDir, k, "spec.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			spec, err := config.Parse("spec.yaml", data)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, tg := range spec.Targets {
				n += len(tg.Checkpoints)
			}
			if n == 0 {
				t.Fatal("no checkpoints")
			}
			if got := len(line.FindAll(data, -1)); got != n {
				t.Errorf("%d lines 'snapshots: lazy' for %d checkpoints", got, n)
			}
			for _, opt := range snapshotOptions {
				p, err := ckptSpec(t.TempDir(), k, opt)
				if errors.Is(err, errUnavailable) && opt != snapshotOptions[0] {
					t.Logf("%v", err)
					continue
				}
				if err != nil {
					t.Fatalf("snapshots: %s: %v", opt, err)
				}
				s, err := config.Load(p)
				if err != nil {
					t.Fatal(err)
				}
				for _, tg := range s.Targets {
					for _, c := range tg.Checkpoints {
						if string(c.Snapshots) != opt {
							t.Errorf("snapshots: %s: checkpoint %s has %s", opt, c.Name, c.Snapshots)
						}
					}
				}
				for _, src := range s.SourcePaths() {
					if _, err := os.Stat(src); err != nil {
						t.Errorf("snapshots: %s: %v", opt, err)
					}
				}
			}
		})
	}
}

// TestWithSnapshots sets the option on entries with and without the key,
// and leaves specs without checkpoints alone.
func TestWithSnapshots(t *testing.T) {
	in := `version: 1
sources: [a.f90]
output: {dir: ad}
targets:
  - routine: f
    independents: [x]
    dependents: [y]
    checkpoints:
      - call: g
        snapshots: lazy
      - {call: h}
  - routine: g
    independents: [x]
    dependents: [y]
`
	out, n, err := withSnapshots([]byte(in), "eager")
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("%d checkpoints set, want 2", n)
	}
	s, err := config.Parse("spec.yaml", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var got []string
	for _, tg := range s.Targets {
		for _, c := range tg.Checkpoints {
			got = append(got, c.Call+":"+string(c.Snapshots))
		}
	}
	if want := []string{"g:eager", "h:eager"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v\n%s", got, want, out)
	}
	if _, _, err := withSnapshots([]byte("targets: 3\n"), "lazy"); err == nil || !strings.Contains(err.Error(), "no list of targets") {
		t.Errorf("targets: 3: error %v", err)
	}
}

// TestRuntimeDefines finds the statistics functions a runtime source
// defines, not those it only mentions in a comment.
func TestRuntimeDefines(t *testing.T) {
	src := `module fadj_runtime
  ! fadj_snap_peak_bytes() is not here: function fadj_snap_peak_bytes
contains
  function fadj_tape_popped_bytes(tape) result(b)
  end function fadj_tape_popped_bytes
  integer(int64) FUNCTION Fadj_Memory_Peak_Bytes()
  end function
  subroutine fadj_snap_reset()
  end subroutine fadj_snap_reset
  function fadj_snap_pushed_bytes_x()
  end function
end module
`
	got := runtimeDefines([]byte(src))
	want := []string{"-DHAVE_FADJ_TAPE_POPPED_BYTES", "-DHAVE_FADJ_MEMORY_PEAK_BYTES", "-DHAVE_FADJ_SNAP_RESET"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
