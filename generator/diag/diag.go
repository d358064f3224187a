// Package diag holds positioned diagnostics and lists of them, in the
// manner of go/scanner's ErrorList: every stage of fadj reports problems
// as "file:line:col: message" and keeps going where it can.
package diag

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/source"
)

// Error is one diagnostic.
type Error struct {
	Pos source.Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.Filename != "" || e.Pos.IsValid() {
		return e.Pos.String() + ": " + e.Msg
	}
	return e.Msg
}

// WarningPrefix starts the message of a diagnostic that is a warning,
// not an error.
const WarningPrefix = "warning: "

// IsWarning reports whether e is a warning.
func (e *Error) IsWarning() bool { return strings.HasPrefix(e.Msg, WarningPrefix) }

// List is a list of diagnostics. The zero value is an empty list.
type List []*Error

// Add appends a diagnostic.
func (l *List) Add(pos source.Position, msg string) {
	*l = append(*l, &Error{Pos: pos, Msg: msg})
}

// Addf appends a formatted diagnostic.
func (l *List) Addf(pos source.Position, format string, args ...any) {
	l.Add(pos, fmt.Sprintf(format, args...))
}

// AddErr appends err: its diagnostics if it is a List, else err at pos
// (at no position if pos is unknown).
func (l *List) AddErr(fset *source.FileSet, pos source.Pos, err error) {
	switch e := At(fset, pos, err).(type) {
	case nil:
	case List:
		*l = append(*l, e...)
	default:
		l.Add(source.Position{}, err.Error())
	}
}

// Len, Swap and Less make List sortable: by file, line, column, message.
func (l List) Len() int      { return len(l) }
func (l List) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l List) Less(i, j int) bool {
	a, b := &l[i].Pos, &l[j].Pos
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Column != b.Column {
		return a.Column < b.Column
	}
	return l[i].Msg < l[j].Msg
}

// Sort sorts the list and drops exact duplicates.
func (l *List) Sort() {
	sort.Stable(*l)
	out := (*l)[:0]
	var last *Error
	for _, e := range *l {
		if last != nil && last.Pos == e.Pos && last.Msg == e.Msg {
			continue
		}
		out = append(out, e)
		last = e
	}
	*l = out
}

// Error describes the first diagnostic and how many more there are.
func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list and the list otherwise.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Print writes err to w, one diagnostic a line. A List is sorted first and
// cut at max lines (max <= 0 prints all), with a last line saying how many
// were left out.
func Print(w io.Writer, err error, max int) {
	l, ok := err.(List)
	if !ok {
		fmt.Fprintln(w, err)
		return
	}
	l = append(List(nil), l...)
	l.Sort()
	for i, e := range l {
		if max > 0 && i == max {
			fmt.Fprintf(w, "too many errors (%d more; -all shows them)\n", len(l)-max)
			return
		}
		fmt.Fprintln(w, e)
	}
}

// At returns err as a List positioned at pos, unless err is a List
// already (its own positions are more precise) or pos is unknown.
func At(fset *source.FileSet, pos source.Pos, err error) error {
	if _, ok := err.(List); ok || err == nil || fset == nil || !pos.IsValid() {
		return err
	}
	var l List
	l.Add(fset.Position(pos), err.Error())
	return l
}
