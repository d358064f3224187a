// Package suggest finds the name a user probably meant: the "did you
// mean" of fadj's messages about unknown routines, variables and
// commands.
package suggest

import "strings"

// Nearest returns the candidate nearest to name by edit distance,
// ignoring case, if it is near enough to be a likely typo: at most one
// edit for names of three to five characters, two up to nine, three beyond.
// It returns "" when no candidate is that near, and the candidate as
// given (not lower-cased). Of equally near candidates the first wins.
// Names shorter than three characters get no suggestion: one edit away
// from 'x' is every other one-letter name.
func Nearest(name string, candidates []string) string {
	ln := strings.ToLower(name)
	if len(ln) > 64 || len(ln) < 3 {
		return ""
	}
	limit := min(max((len(ln)+2)/4, 1), 3)
	best, bestD := "", limit+1
	for _, c := range candidates {
		if len(c) > 64 {
			continue
		}
		if d := Distance(ln, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Hint returns " (did you mean 'x'?)" for the candidate Nearest finds,
// or "" if none is near.
func Hint(name string, candidates []string) string {
	if s := Nearest(name, candidates); s != "" && !strings.EqualFold(s, name) {
		return " (did you mean '" + s + "'?)"
	}
	return ""
}

// Distance is the edit distance between a and b, by bytes: insertions,
// deletions, substitutions and transpositions of adjacent bytes (the
// commonest typo, "tmep") each count one.
func Distance(a, b string) int {
	// Three rows of the optimal-string-alignment table.
	pprev := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], pprev[j-2]+1)
			}
		}
		pprev, prev, cur = prev, cur, pprev
	}
	return prev[len(b)]
}
