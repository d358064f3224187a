package driver_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
)

// FuzzGenerate runs the whole generation (front end, analyses, tangent and
// adjoint) on mutated kernels of the corpus: whatever the source and the
// spec, Generate must not panic, and its errors must be positioned
// diagnostics, never internal errors.
func FuzzGenerate(f *testing.F) {
	dirs, _ := filepath.Glob("../check/testdata/kernels/*/spec.yaml")
	for _, sp := range dirs {
		spec, err := os.ReadFile(sp)
		if err != nil {
			continue
		}
		s, err := config.Parse(sp, spec)
		if err != nil || len(s.Sources) != 1 {
			continue
		}
		name := s.Sources[0].Text
		src, err := os.ReadFile(filepath.Join(filepath.Dir(sp), name))
		if err != nil {
			continue
		}
		f.Add(spec, name, src)
	}
	f.Fuzz(func(t *testing.T, spec []byte, name string, src []byte) {
		name = filepath.Base(name)
		if name == "." || name == "/" || name == "spec.yaml" || strings.ContainsAny(name, "\x00") {
			return
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "spec.yaml"), spec, 0o644); err != nil {
			return
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			return
		}
		_, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
		if err == nil {
			return
		}
		var l diag.List
		if !errors.As(err, &l) {
			return // an I/O error (the spec names files the test did not write)
		}
		for _, e := range l {
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("internal error: %v", e)
			}
			if e.Pos.Line < 1 {
				t.Fatalf("diagnostic without a position: %v", e)
			}
		}
	})
}
