package main

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

func TestParse(t *testing.T) {
	out := []byte(`note: gsw_rho: check point set by check.inputs
TARGET               TEST                     ERROR      TOLERANCE  RESULT
gsw_rho              finite differences #1    1.5e-07    1.0e-06    PASS
gsw_rho              finite differences #2    1.6e-06    1.0e-06    FAIL
gsw_rho              dot-product #1           8.7e-16    1.0e-12    PASS
fadj check: FAIL
`)
	r := parse(out)
	if r.target != "gsw_rho" || r.pass != 2 || r.fail != 1 || r.verdict() != "FAIL" {
		t.Errorf("parse: got %+v, verdict %s", r, r.verdict())
	}
	if r := parse([]byte("spec.yaml:3:1: unknown routine 'x'\n")); r.verdict() != "FAIL" {
		t.Errorf("no tests: got verdict %s, want FAIL", r.verdict())
	}
}

// Every model of the table has specs in testdata, and every testdata
// directory is a model of the table.
func TestModelsHaveSpecs(t *testing.T) {
	dirs, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var have, want []string
	for _, d := range dirs {
		if d.IsDir() {
			have = append(have, d.Name())
			specs, _ := filepath.Glob(filepath.Join("testdata", d.Name(), "*.yaml"))
			if len(specs) == 0 {
				t.Errorf("testdata/%s has no spec", d.Name())
			}
		}
	}
	for _, m := range models {
		want = append(want, m.Name)
	}
	sort.Strings(want)
	if len(have) != len(want) {
		t.Fatalf("testdata has %v, the table %v", have, want)
	}
	for i := range have {
		if have[i] != want[i] {
			t.Errorf("testdata has %v, the table %v", have, want)
		}
	}
	if _, err := selectModels("nope"); err == nil {
		t.Error("selectModels(nope): no error")
	}
}
