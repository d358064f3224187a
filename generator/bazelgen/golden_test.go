package bazelgen

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the want/ sections of testdata/*.txtar from what fadj bazel now writes")

// TestGolden runs each testdata/*.txtar: its files other than want/...
// form a directory tree; Run over it must write exactly the files under
// want/ (want/written lists them, want/error holds the error instead),
// and a second run must write nothing. A line "load: LABEL" in the
// archive's comment sets Options.Load.
func TestGolden(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(archives) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, file := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var opts Options
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if l, ok := strings.CutPrefix(line, "load: "); ok {
					opts.Load = strings.TrimSpace(l)
				}
			}
			root := t.TempDir()
			want := map[string][]byte{}
			for _, f := range ar.Files {
				if name, ok := strings.CutPrefix(f.Name, "want/"); ok {
					want[name] = f.Data
					continue
				}
				p := filepath.Join(root, filepath.FromSlash(f.Name))
				if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o666); err != nil {
					t.Fatal(err)
				}
			}
			got := map[string][]byte{}
			written, err := Run(root, opts)
			if err != nil {
				var msg strings.Builder
				if l, ok := err.(diag.List); ok {
					for _, e := range l {
						msg.WriteString(e.Error() + "\n")
					}
				} else {
					msg.WriteString(err.Error() + "\n")
				}
				got["error"] = []byte(strings.ReplaceAll(msg.String(), root+string(filepath.Separator), ""))
			} else {
				var list bytes.Buffer
				for _, p := range written {
					rel, err := filepath.Rel(root, p)
					if err != nil {
						t.Fatal(err)
					}
					rel = filepath.ToSlash(rel)
					list.WriteString(rel + "\n")
					if got[rel], err = os.ReadFile(p); err != nil {
						t.Fatal(err)
					}
				}
				got["written"] = list.Bytes()
				// Idempotence: a second run finds nothing to change.
				again, err := Plan(root, opts)
				if err != nil {
					t.Fatalf("second run: %v", err)
				}
				for _, f := range again {
					t.Errorf("second run would rewrite %s:\n%s", f.Path, f.Data)
				}
			}
			if *update {
				var files []txtar.File
				for _, f := range ar.Files {
					if !strings.HasPrefix(f.Name, "want/") {
						files = append(files, f)
					}
				}
				var names []string
				for name := range got {
					names = append(names, name)
				}
				sort.Strings(names)
				for _, name := range names {
					files = append(files, txtar.File{Name: "want/" + name, Data: got[name]})
				}
				ar.Files = files
				if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			for name, data := range got {
				w, ok := want[name]
				if !ok {
					t.Errorf("unexpected want/%s:\n%s", name, data)
					continue
				}
				if !bytes.Equal(w, data) {
					t.Errorf("want/%s:\n--- got\n%s--- want\n%s", name, data, w)
				}
			}
			for name := range want {
				if _, ok := got[name]; !ok {
					t.Errorf("want/%s not produced", name)
				}
			}
		})
	}
}
