package main

import (
	"errors"
	"strings"
	"testing"
)

func TestParseJacobian(t *testing.T) {
	tests := []struct {
		name, text string
		want       map[[2]int]float64
		m, n       int
		err        string
	}{
		{
			name: "EN format of the suite, column by column",
			text: " AD\nF(  1,  1)= 500.0000000000000000E-003\nF(  2,  1)=  -1.2500000000000000E+000\nF(  1,  2)=   0.0000000000000000E+000\nF(  2,  2)=  12.0000000000000000E+003\n",
			want: map[[2]int]float64{{1, 1}: 0.5, {2, 1}: -1.25, {1, 2}: 0, {2, 2}: 12000},
			m:    2, n: 2,
		},
		{
			name: "ES format of our driver, D exponent",
			text: "F(  1,  1)=  2.50000000000000000E-001\nF(  1,  2)= 1.0D+00\n",
			want: map[[2]int]float64{{1, 1}: 0.25, {1, 2}: 1},
			m:    1, n: 2,
		},
		{name: "overflow asterisks", text: " AD\nF(  1,  1)=**************************\n", err: "bad value"},
		{name: "repeated entry", text: "F(1,1)=1.0\nF(1,1)=2.0\n", err: "given twice"},
		{name: "missing entry", text: "F(1,1)=1.0\nF(2,2)=2.0\n", err: "2 entries for a 2x2"},
		{name: "empty", text: " AD\n", err: "no entries"},
		{name: "garbled", text: "F(1;1)=1\n", err: "not an entry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, err := ParseJacobian("ad.out", tt.text)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if j.M != tt.m || j.N != tt.n || len(j.At) != len(tt.want) {
				t.Fatalf("got %dx%d %v", j.M, j.N, j.At)
			}
			for k, v := range tt.want {
				if j.At[k] != v {
					t.Errorf("F%v = %v, want %v", k, j.At[k], v)
				}
			}
		})
	}
}

func TestCompare(t *testing.T) {
	ref := Jacobian{M: 1, N: 3, At: map[[2]int]float64{{1, 1}: 1, {1, 2}: 1e6, {1, 3}: 0}}
	tests := []struct {
		name  string
		got   []float64
		count int
	}{
		{"equal", []float64{1, 1e6, 0}, 0},
		{"within relative tolerance", []float64{1 + 1e-9, 1e6 * (1 - 1e-9), 0}, 0},
		{"tiny where zero, under the scaled floor", []float64{1, 1e6, 1e-5}, 0},
		{"wrong entry", []float64{1, 1e6, 1e-3}, 1},
		{"two wrong", []float64{2, 1e6 + 1, 0}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Jacobian{M: 1, N: 3, At: map[[2]int]float64{}}
			for k, v := range tt.got {
				got.At[[2]int{1, k + 1}] = v
			}
			mis, err := Compare(got, ref, RelTol, AbsTol)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			if mis != nil {
				n = mis.Count
			}
			if n != tt.count {
				t.Errorf("%d entries differ (%v), want %d", n, mis, tt.count)
			}
		})
	}
	if _, err := Compare(Jacobian{M: 2, N: 3}, ref, RelTol, AbsTol); err == nil {
		t.Error("shapes 2x3 and 1x3 compared without error")
	}
}

func TestParseParams(t *testing.T) {
	p, err := ParseParams("params.conf", "2 \n3\n0.000001\n0.0001\n")
	if err != nil || p != (Params{N: 2, M: 3, H: 1e-6, Tol: 1e-4}) {
		t.Errorf("got %+v, %v", p, err)
	}
	if _, err := ParseParams("params.conf", "two\n1\n"); err == nil || !strings.Contains(err.Error(), "params.conf:1:") {
		t.Errorf("error %v, want one at params.conf:1", err)
	}
}

func TestSummary(t *testing.T) {
	results := []Result{
		{Case: "a", Status: Correct},
		{Case: "b", Status: Rejected, Group: groupKey("not supported yet: GO TO in reverse mode")},
		{Case: "c", Status: Rejected, Group: groupKey("not supported yet: internal procedure 'inner'")},
		{Case: "d", Status: Rejected, Group: groupKey("not supported yet: internal procedure 'other'")},
		{Case: "e", Status: Broken},
		{Case: "f", Status: Wrong},
		{Case: "g", Status: Skipped},
		{Case: "h", Status: NoRef, AgreesFD: true},
		{Case: "i", Status: NoRef},
		{Case: "j", Status: Disputed, AgreesFD: true},
	}
	got := Summary(results)
	for _, want := range []string{
		"10 cases: 1 correct, 3 rejected, 2 wrong (1 wrong numbers + 1 broken); 1 disputed",
		"Jacobians shown right: 3 (1 matching ad.out + 2 disputed or without ad.out that agree with finite differences)\n",
		"1 skipped by the harness",
		"   2  not supported yet: internal procedure '_'\n      c d\n   1  not supported yet: GO TO in reverse mode\n      b\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}

func TestClassifyGenerate(t *testing.T) {
	tests := []struct {
		out    string
		status Status
		group  string
	}{
		{"head.f:2:20: warning: dependent 'y' does not depend on any independent: its derivative is zero\nhead.f:10:36: not supported: READ into active variable 'x'\n",
			Rejected, "not supported: READ into active variable '_'"},
		{"spec.yaml:5:14: not supported yet: module procedure 'foo' in reverse mode\n", Rejected, "not supported yet: module procedure '_' in reverse mode"},
		{"panic: runtime error: index out of range\n\ngoroutine 1 [running]:\n", Broken, ""},
		{"fadj: internal error: no TBR result\n", Broken, ""},
		{"something went wrong\n", Broken, ""},
	}
	for _, tt := range tests {
		r := classifyGenerate(Result{Case: "c"}, tt.out, errors.New("exit status 1"))
		if r.Status != tt.status || r.Group != tt.group {
			t.Errorf("%q: got %s %q, want %s %q", tt.out, r.Status, r.Group, tt.status, tt.group)
		}
	}
}
