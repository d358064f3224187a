package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

const corpusDir = "../fortran/testdata/corpus"

// corpusFiles returns the corpus programs: each a source file with the
// expected output of its run beside it as NAME.out.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*.f", "*.f90", "*.f03", "*.f08"} {
		m, _ := filepath.Glob(filepath.Join(corpusDir, pat))
		files = append(files, m...)
	}
	if len(files) < 30 {
		t.Fatalf("corpus has %d programs, want at least 30", len(files))
	}
	return files
}

func fmtMain(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(append([]string{"fmt"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestFmtCorpus is the front end's end-to-end check: for every corpus
// program, fadj fmt's free-form output compiles with gfortran and the
// program prints exactly what the original prints; and fmt is
// idempotent (fmt of fmt's output is the same text).
func TestFmtCorpus(t *testing.T) {
	fc := gfortrantest.Require(t)
	for _, path := range corpusFiles(t) {
		path := path
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, err := os.ReadFile(strings.TrimSuffix(path, filepath.Ext(path)) + ".out")
			if err != nil {
				t.Fatal(err)
			}
			out, stderr, code := fmtMain(t, path)
			if code != 0 {
				t.Fatalf("fadj fmt %s: exit %d\n%s", name, code, stderr)
			}
			dir := t.TempDir()
			printed := filepath.Join(dir, "printed.f90")
			if err := os.WriteFile(printed, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}

			// Idempotence: the printed text prints as itself.
			again, stderr, code := fmtMain(t, printed)
			if code != 0 {
				t.Fatalf("fadj fmt of the printed %s: exit %d\n%s", name, code, stderr)
			}
			if again != out {
				t.Errorf("fmt is not idempotent on %s:\n%s", name, lineDiff(out, again))
			}

			flags := []string{"-O0", "-ffree-form", "-ffree-line-length-132"}
			if strings.HasSuffix(name, ".f") {
				flags = append(flags, "-std=legacy")
			}
			c := &gfortran.Compiler{Path: fc, Flags: flags}
			if err := c.Build(dir, "printed", printed); err != nil {
				t.Fatalf("printed %s does not compile: %v", name, err)
			}
			got, err := gfortran.Run(dir, filepath.Join(dir, "printed"), time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("printed %s prints something else:\n%s", name, lineDiff(string(want), string(got)))
			}

			// The original, built in its own form, prints NAME.out too, so
			// the comparison above is with what the original prints. This
			// checks the test data, which changes rarely: a long test.
			if os.Getenv("FADJ_LONG_TESTS") != "1" {
				return
			}
			orig := &gfortran.Compiler{Path: fc, Flags: []string{"-O0", "-std=legacy"}}
			if !strings.HasSuffix(name, ".f") {
				orig.Flags = []string{"-O0"}
			}
			src, _ := filepath.Abs(path)
			odir := t.TempDir()
			if err := orig.Build(odir, "original", src); err != nil {
				t.Fatalf("original %s does not compile: %v", name, err)
			}
			ogot, err := gfortran.Run(odir, filepath.Join(odir, "original"), time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ogot, want) {
				t.Errorf("%s.out is stale: the original prints\n%s", name, lineDiff(string(want), string(ogot)))
			}
		})
	}
}

// lineDiff shows the first lines where a and b differ.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out strings.Builder
	shown := 0
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out.WriteString("line " + strconv.Itoa(i+1) + ":\n- " + x + "\n+ " + y + "\n")
			if shown++; shown == 5 {
				break
			}
		}
	}
	return out.String()
}
