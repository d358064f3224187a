package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// maxDiffEdits bounds the edits the diff looks for: the search costs
// memory quadratic in them. Files that differ more are shown as one
// hunk replacing the whole differing middle.
const maxDiffEdits = 2000

// edit is one line of a diff: kept (' '), removed ('-') or added ('+').
type edit struct {
	kind byte
	line string
}

// writeLineDiff writes the differences of a and b as the hunks of a
// unified diff, with diffContext lines of context.
func writeLineDiff(w io.Writer, a, b []byte) {
	edits := lineEdits(splitLines(a), splitLines(b))
	// Hunks: runs of changes closer than two contexts, with their context.
	i, prevStop := 0, 0
	oldLine, newLine := 1, 1 // line numbers at edits[i]
	for i < len(edits) {
		if edits[i].kind == ' ' {
			i++
			oldLine++
			newLine++
			continue
		}
		start := max(i-diffContext, prevStop)
		end := i // one past the last change of the hunk
		for j := i; j < len(edits); j++ {
			if edits[j].kind != ' ' {
				end = j + 1
				continue
			}
			if j-end >= 2*diffContext {
				break
			}
		}
		stop := min(end+diffContext, len(edits))
		// The hunk starts i-start context lines before line oldLine.
		a0, b0 := oldLine-(i-start), newLine-(i-start)
		na, nb := 0, 0
		for _, e := range edits[start:stop] {
			if e.kind != '+' {
				na++
			}
			if e.kind != '-' {
				nb++
			}
		}
		if na == 0 {
			a0--
		}
		if nb == 0 {
			b0--
		}
		fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", a0, na, b0, nb)
		for _, e := range edits[start:stop] {
			fmt.Fprintf(w, "%c%s\n", e.kind, e.line)
		}
		for _, e := range edits[i:stop] {
			if e.kind != '+' {
				oldLine++
			}
			if e.kind != '-' {
				newLine++
			}
		}
		i, prevStop = stop, stop
	}
}

func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// lineEdits returns a shortest edit script from a to b (Myers' O(ND)
// algorithm) between their common prefix and suffix, or, if more than
// maxDiffEdits edits are needed, the middle removed and added whole.
func lineEdits(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []edit
	for _, l := range a[:pre] {
		out = append(out, edit{' ', l})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if mid, ok := myers(ma, mb, maxDiffEdits); ok {
		out = append(out, mid...)
	} else {
		for _, l := range ma {
			out = append(out, edit{'-', l})
		}
		for _, l := range mb {
			out = append(out, edit{'+', l})
		}
	}
	for _, l := range a[len(a)-suf:] {
		out = append(out, edit{' ', l})
	}
	return out
}

// myers returns a shortest edit script from a to b, removals before
// additions where both are possible, if one of at most maxD edits exists.
func myers(a, b []string, maxD int) ([]edit, bool) {
	n, m := len(a), len(b)
	off := maxD + 1
	v := make([]int, 2*maxD+3) // v[off+k]: furthest x on diagonal k
	var trace [][]int          // trace[d][k+d]: v after step d
	found := -1
	for d := 0; d <= maxD && found < 0; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: an addition
			} else {
				x = v[off+k-1] + 1 // right: a removal
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = d
				break
			}
		}
		trace = append(trace, slices.Clone(v[off-d:off+d+1]))
	}
	if found < 0 {
		return nil, false
	}
	var rev []edit
	x, y := n, m
	for d := found; d > 0; d-- {
		prev := trace[d-1]
		at := func(k int) int { return prev[k+d-1] }
		k := x - y
		pk := k - 1
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		}
		px := at(pk)
		py := px - pk
		sx, sy := px+1, py // where the snake after the edit starts
		if pk == k+1 {
			sx, sy = px, py+1
		}
		for x > sx && y > sy {
			x--
			y--
			rev = append(rev, edit{' ', a[x]})
		}
		if pk == k+1 {
			rev = append(rev, edit{'+', b[py]})
		} else {
			rev = append(rev, edit{'-', a[px]})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, edit{' ', a[x]})
	}
	slices.Reverse(rev)
	return rev, true
}
