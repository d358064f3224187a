package cli

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
)

func TestDiffLines(t *testing.T) {
	for _, tt := range []struct{ a, b, want string }{
		{"a\nb\nc\n", "a\nx\ny\nc\n", "@@ -1,3 +1,4 @@\n a\n-b\n+x\n+y\n c\n"},
		{"", "a\n", "@@ -0,0 +1,1 @@\n+a\n"},
		{"a\n", "", "@@ -1,1 +0,0 @@\n-a\n"},
		// A one-character edit is a one-line change, not a hunk of
		// everything between the first and the last difference (issue
		// 15, point 4: it gave a 46-line hunk).
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\n2\nthree\n4\n5\n6\n7\n8\n9\n10\neleven\n12\n",
			"@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+three\n 4\n 5\n 6\n@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+eleven\n 12\n"},
		// Changes whose contexts touch share a hunk.
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n", "x\n2\n3\n4\n5\n6\n7\ny\n9\n",
			"@@ -1,9 +1,9 @@\n-1\n+x\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n 9\n"},
		{"a\nb\nc\nd\n", "a\nc\nb\nd\n", "@@ -1,4 +1,4 @@\n a\n-b\n c\n+b\n d\n"},
	} {
		var b bytes.Buffer
		writeLineDiff(&b, []byte(tt.a), []byte(tt.b))
		if b.String() != tt.want {
			t.Errorf("diff %q %q:\n%s\nwant\n%s", tt.a, tt.b, b.String(), tt.want)
		}
	}
}

// TestDiffApplies checks on random files that the diff is a shortest
// edit script and that applying it to a gives b.
func TestDiffApplies(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		a, b := randomLines(r), randomLines(r)
		edits := lineEdits(a, b)
		var gotA, gotB []string
		n := 0
		for _, e := range edits {
			if e.kind != '+' {
				gotA = append(gotA, e.line)
			}
			if e.kind != '-' {
				gotB = append(gotB, e.line)
			}
			if e.kind != ' ' {
				n++
			}
		}
		if strings.Join(gotA, "\n") != strings.Join(a, "\n") || strings.Join(gotB, "\n") != strings.Join(b, "\n") {
			t.Fatalf("edits of %q -> %q do not apply: %v", a, b, edits)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); n != want {
			t.Fatalf("%q -> %q: %d edits, want %d", a, b, n, want)
		}
	}
}

func randomLines(r *rand.Rand) []string {
	lines := make([]string, r.Intn(12))
	for i := range lines {
		lines[i] = string(rune('a' + r.Intn(4)))
	}
	return lines
}

func lcs(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}
