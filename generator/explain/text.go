package explain

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Legend explains the marks of the text report.
const legend = `Each source line of a differentiated routine: its number, a mark,
the source. Marks: A an active statement (it has derivative code),
. a passive statement (run as it is), blank for declarations and
continuation lines. Under a statement, what the adjoint decided:
  tape        a value pushed before the statement and popped by the
              backward sweep, with its size per execution and why
  recompute   a value the backward sweep computes again instead
  checkpoint  a call reversed jointly, re-run from a snapshot
  snapshot    what a checkpointed call saves, with sizes
  split       a call reversed in split mode
  left out    a statement the adjoint does not run again
  loop        a loop checkpointed (each iteration, or binomially) or
              iterated as a fixed point
  region      a region checkpointed as a whole
`

// WriteText prints the report as text.
func WriteText(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "fadj explain %s\n\n%s", r.Spec, legend)
	for _, t := range r.Targets {
		fmt.Fprintf(bw, "\n== target %s (mode %s): independents %s; dependents %s\n",
			t.Routine, t.Mode, strings.Join(t.Independents, ", "), strings.Join(t.Dependents, ", "))
		if len(t.Decisions) > 0 {
			fmt.Fprintf(bw, "\n   strategy %s decided:\n", t.Strategy)
			for _, d := range t.Decisions {
				fmt.Fprintf(bw, "     %s\n", d)
			}
		}
		for _, v := range t.Versions {
			writeVersion(bw, v)
		}
	}
	return bw.Flush()
}

func writeVersion(w *bufio.Writer, v *Version) {
	fmt.Fprintf(w, "\n-- %s (%s)", v.Name, v.File)
	if v.Adjoint != "" {
		fmt.Fprintf(w, " -> %s", v.Adjoint)
	}
	fmt.Fprintf(w, "\n   active on entry: %s; on exit: %s\n", orNone(v.In), orNone(v.Out))
	fmt.Fprintf(w, "   active variables: %s\n", orNone(v.Active))
	if v.Adjoint != "" {
		fmt.Fprintf(w, "   %s\n", summary(v))
	}
	w.WriteString("\n")
	for _, l := range v.Lines {
		mark := " "
		if l.Stmt {
			mark = "."
			if l.Active {
				mark = "A"
			}
		}
		fmt.Fprintf(w, "%5d %s  %s\n", l.N, mark, strings.TrimRight(l.Text, " \t"))
		for _, n := range l.Notes {
			fmt.Fprintf(w, "%9s%-11s %s\n", "", n.Kind, n.Text)
		}
	}
}

// summary totals a version's tape.
func summary(v *Version) string {
	terms := v.TapeTerms
	if v.TapeBytes > 0 || len(terms) == 0 {
		terms = append([]string{fmt.Sprintf("%d B", v.TapeBytes)}, terms...)
	}
	return fmt.Sprintf("recorded references: %d, %s when each line runs once; checkpointed calls: %d", v.Records, strings.Join(terms, " + "), v.Checkpoints)
}

func orNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}
