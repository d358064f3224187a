package compiles

import (
	"os"
	"testing"
)

func TestDescriptorWarning(t *testing.T) {
	for msg, want := range map[string]bool{
		"‘halo.dim[S.8_1057].ubound’ may be used uninitialized [-Wmaybe-uninitialized]": true,
		"‘g_d.offset’ is used uninitialized [-Wuninitialized]":                          true,
		"'g.dim[0].lbound' is used uninitialized [-Wuninitialized]":                     true,
		"‘fadj_tmp1_b.offset’ is used uninitialized [-Wuninitialized]":                  false,
		"‘s.h.dim[0].ubound’ may be used uninitialized [-Wmaybe-uninitialized]":         true,
		"‘f_d.v.offset’ may be used uninitialized [-Wmaybe-uninitialized]":              true,
		"‘fadj_fv1.v.offset’ may be used uninitialized [-Wmaybe-uninitialized]":         false,
		"‘k’ may be used uninitialized [-Wmaybe-uninitialized]":                         false,
		"Unused dummy argument ‘y’ at (1) [-Wunused-dummy-argument]":                    false,
	} {
		if got := descriptorWarning(msg); got != want {
			t.Errorf("descriptorWarning(%q) = %v, want %v", msg, got, want)
		}
	}
}

func TestUnusedCopy(t *testing.T) {
	dir := t.TempDir()
	src := dir + "/m.f90"
	if err := os.WriteFile(src, []byte("module m\n  private\ncontains\n  subroutine step(x)\n  end subroutine\n  pure real(8) function vol(x)\n  end function\nend module\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for msg, want := range map[string]bool{
		"‘step’ defined but not used [-Wunused-function]":          true,
		"‘vol’ defined but not used [-Wunused-function]":           true,
		"‘step_b’ defined but not used [-Wunused-function]":        false,
		"‘step’ may be used uninitialized [-Wmaybe-uninitialized]": false,
	} {
		if got := unusedCopy(msg, []string{src}); got != want {
			t.Errorf("unusedCopy(%q) = %v, want %v", msg, got, want)
		}
	}
}
