// Package source records the files fadj reads and maps compact positions
// back to file:line:column, in the manner of go/token.
//
// A Pos is an offset into a FileSet: each file added to the set gets a
// range of positions of its own, so one integer names a place in any file.
package source

import (
	"fmt"
	"sort"
	"sync"
)

// Pos is a compact position within a FileSet. The zero value is NoPos.
type Pos int

// NoPos is the zero Pos: no position is known.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is a decoded Pos: file name, byte offset, line and column,
// both 1-based. Columns count bytes, as gfortran and go/token do.
type Position struct {
	Filename string
	Offset   int
	Line     int
	Column   int
}

// IsValid reports whether the position is known.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:col, leaving out what is unknown.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// File is one source file of a FileSet.
type File struct {
	name  string
	base  int
	size  int
	lines []int // offset of the first byte of each line
}

// Name returns the file name given to AddFile.
func (f *File) Name() string { return f.name }

// Base returns the Pos of the file's first byte.
func (f *File) Base() int { return f.base }

// Size returns the length of the file in bytes.
func (f *File) Size() int { return f.size }

// LineCount returns the number of lines in the file.
func (f *File) LineCount() int { return len(f.lines) }

// Pos returns the Pos of the byte at offset (0 <= offset <= Size).
func (f *File) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > f.size {
		offset = f.size
	}
	return Pos(f.base + offset)
}

// Offset returns the byte offset of p within the file.
func (f *File) Offset(p Pos) int { return int(p) - f.base }

// LineStart returns the offset of the first byte of the given 1-based line.
func (f *File) LineStart(line int) int {
	if line < 1 || line > len(f.lines) {
		return -1
	}
	return f.lines[line-1]
}

// Position decodes p, which must lie in f.
func (f *File) Position(p Pos) Position {
	off := int(p) - f.base
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return Position{Filename: f.name, Offset: off, Line: i + 1, Column: off - f.lines[i] + 1}
}

// FileSet is a set of source files. It is safe for concurrent use.
type FileSet struct {
	mu    sync.RWMutex
	base  int
	files []*File
}

// NewFileSet returns an empty file set.
func NewFileSet() *FileSet { return &FileSet{base: 1} }

// AddFile adds a file with the given name and contents and returns it.
// The contents are read only to build the line table.
func (s *FileSet) AddFile(name string, src []byte) *File {
	lines := make([]int, 1, len(src)/32+1)
	for i, c := range src {
		if c == '\n' && i+1 <= len(src) {
			lines = append(lines, i+1)
		}
	}
	if n := len(lines); n > 1 && lines[n-1] == len(src) {
		lines = lines[:n-1] // a final newline opens no new line
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &File{name: name, base: s.base, size: len(src), lines: lines}
	s.base += len(src) + 1 // +1 so that the end of file has a Pos of its own
	s.files = append(s.files, f)
	return f
}

// File returns the file holding p, or nil.
func (s *FileSet) File(p Pos) *File {
	if p == NoPos {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].base > int(p) }) - 1
	if i < 0 {
		return nil
	}
	f := s.files[i]
	if int(p) > f.base+f.size {
		return nil
	}
	return f
}

// Position decodes p; the zero Position if p is not in the set.
func (s *FileSet) Position(p Pos) Position {
	if f := s.File(p); f != nil {
		return f.Position(p)
	}
	return Position{}
}

// Files returns the files in the order they were added.
func (s *FileSet) Files() []*File {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return append([]*File(nil), s.files...)
}
