package adjoint_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/golden/*.txtar")

// TestGolden generates the adjoint of each archive of testdata/golden
// and compares it with the archive's want sections. An archive holds:
//
//	-- config --      routine, ins and outs (space-separated), mode:
//	                  tbr (the default), storeall, split, eager or auto;
//	                  loops: the checkpointed loops, NAME:SNAPSHOTS
//	                  (space-separated; 0 checkpoints every step)
//	-- <name>.f90 --  the source (or .f for fixed form)
//	-- want --        the adjoint code
//	-- checkpoints -- what each checkpointed call saves (with TBR)
//	-- decisions --   with "strategy: recompute" or "auto" in the config,
//	                  ERA's store-or-recompute decisions (era.go)
//
// go test -run TestGolden -update rewrites the want and checkpoints
// sections from what fadj generates.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(files) < 4 {
		t.Fatalf("only %d golden archives", len(files))
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cfg := map[string]string{}
			var srcName, src string
			for _, f := range a.Files {
				switch {
				case f.Name == "config":
					for _, line := range strings.Split(string(f.Data), "\n") {
						if k, v, ok := strings.Cut(line, ":"); ok {
							cfg[strings.TrimSpace(k)] = strings.TrimSpace(v)
						}
					}
				case strings.HasSuffix(f.Name, ".f90") || strings.HasSuffix(f.Name, ".f"):
					srcName, src = f.Name, string(f.Data)
				}
			}
			conf := adjoint.Config{}
			switch cfg["mode"] {
			case "", "tbr":
			case "storeall":
				conf.StoreAll = true
			case "split":
				conf.Plan = splitAll
			case "eager":
				conf.Plan = eagerAll
			case "auto":
				conf.Plan = autoAll
			default:
				t.Fatalf("unknown mode %q", cfg["mode"])
			}
			if st := cfg["strategy"]; st != "" {
				conf.Strategy, conf.Decisions = adjoint.Strategy(st), &[]adjoint.Decision{}
			}
			prog := loadSrc(t, srcName, src)
			if loops := strings.Fields(cfg["loops"]); len(loops) > 0 {
				rk := regionKernel{k: kernel{routine: cfg["routine"]}}
				for _, l := range loops {
					name, n, _ := strings.Cut(l, ":")
					snaps, err := strconv.Atoi(n)
					if err != nil {
						t.Fatalf("loops: %q: %v", l, err)
					}
					rk.loops = append(rk.loops, regionLoop{routine: cfg["routine"], name: name, snaps: snaps})
				}
				_, conf.Plan = regionPlan(t, prog, rk)
			}
			_, af, rec, err := generateRec(t, prog, cfg["routine"], strings.Fields(cfg["ins"]), strings.Fields(cfg["outs"]), conf)
			if err != nil {
				t.Fatal(err)
			}
			var code strings.Builder
			if err := printer.Fprint(&code, af); err != nil {
				t.Fatal(err)
			}
			got := map[string]string{"want": code.String(), "checkpoints": checkpoints(prog, rec), "decisions": decisions(conf.Decisions)}
			changed := false
			for _, name := range []string{"want", "checkpoints", "decisions"} {
				i := section(a, name)
				if i < 0 {
					if got[name] == "" {
						continue
					}
					a.Files = append(a.Files, txtar.File{Name: name})
					i = len(a.Files) - 1
				}
				if string(a.Files[i].Data) == got[name] {
					continue
				}
				if *update {
					a.Files[i].Data = []byte(got[name])
					changed = true
					continue
				}
				t.Errorf("%s differs from what fadj generates (go test -run TestGolden -update):\n%s", name, firstDiff(string(a.Files[i].Data), got[name]))
			}
			if changed {
				if err := os.WriteFile(file, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func section(a *txtar.Archive, name string) int {
	for i, f := range a.Files {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// checkpoints prints what each checkpointed call saves, in the order of
// the versions and of the calls: "version:line callee: decision" and the
// references saved.
func checkpoints(prog *load.Program, an *analyses) string {
	var b strings.Builder
	for _, pa := range an.act.Procs {
		pt := an.rec.Version(pa)
		ast.Inspect(&ast.Unit{Body: pa.Unit.Body}, func(n ast.Node) bool {
			c, ok := n.(*ast.CallStmt)
			if !ok || pt.Checkpoint(c) == nil {
				return true
			}
			cp := pt.Checkpoint(c)
			fmt.Fprintf(&b, "%s:%d %s: %s\n", pa, prog.Fset.Position(c.Pos()).Line, printer.ExprString(c.Name), cp)
			for _, part := range []struct {
				name string
				refs []tbr.Ref
			}{{"Snp", cp.Snp}, {"Sbk", cp.Sbk}, {"ReqC", cp.ReqC}} {
				if len(part.refs) == 0 {
					continue
				}
				var rs []string
				for _, r := range part.refs {
					if r.Expr != nil {
						rs = append(rs, printer.ExprString(r.Expr))
					} else {
						rs = append(rs, r.Var.Name)
					}
				}
				fmt.Fprintf(&b, "  saves %s: %s\n", part.name, strings.Join(rs, ", "))
			}
			return true
		})
	}
	return b.String()
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, a, b)
		}
	}
	return ""
}

// decisions prints ERA's decisions, one a line ("" without).
func decisions(ds *[]adjoint.Decision) string {
	if ds == nil {
		return ""
	}
	var b strings.Builder
	for _, d := range *ds {
		fmt.Fprintln(&b, d)
	}
	return b.String()
}
