package check

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
)

// A common block its routines declare with different members becomes
// one array before differentiation (inline.CommonLayouts): the
// derivative block /trc_d/ of COMMON /TRC/ TR(6) in one routine and
// /TRC/ TT(3), SS(3) in another holds fadj_trc_d(6), no member tr_d.
// The driver declares such a derivative block with the target's own
// members, suffixed, when its storage is the same (all members real of
// one kind, the same number of elements): it seeded and read nothing
// before, and the derivatives of the block's variables looked zero.

// origCommon is the target's declaration of a common block.
type origCommon struct {
	members []*sema.Symbol
}

// rememberCommon records the target's declaration of block.
func (p *Program) rememberCommon(block string, members []*sema.Symbol) {
	if p.commons == nil {
		p.commons = map[string]*origCommon{}
	}
	p.commons[block] = &origCommon{members: members}
}

// relaidCommon declares, if it can, the derivative block (suffix) of the
// common block of global (/blk/name) with the target's members, and
// reports whether it did or had.
func relaidCommon(p *Program, gen *genCode, global, suffix string) bool {
	blk, _, ok := strings.Cut(strings.TrimPrefix(global, "/"), "/")
	oc := p.commons[blk]
	if !ok || oc == nil || gen.info == nil {
		return false
	}
	dblk := blk + suffix
	var gc *sema.Common
	for _, c := range gen.info.Commons {
		if c.Name == dblk && len(c.Decls) > 0 {
			gc = c
		}
	}
	if gc == nil {
		return false
	}
	n, t, ok := realStorage(oc.members)
	m, u, ok2 := realStorage(gc.Decls[0].Members)
	if !ok || !ok2 || n != m || !sema.Identical(t, u) {
		return false
	}
	line := "common /" + dblk + "/ "
	for _, d := range p.Decls {
		if strings.HasPrefix(d, line) {
			return true // (declared for another member)
		}
	}
	var renamed []*sema.Symbol
	for _, s := range oc.members {
		c := *s
		c.Name = s.Name + suffix
		renamed = append(renamed, &c)
	}
	d, err := commonDecls(dblk, renamed)
	if err != nil {
		return false
	}
	p.Decls = append(p.Decls, d...)
	return true
}

// realStorage returns the number of elements of members, all real of
// one type with constant bounds, and that type; ok is false otherwise.
func realStorage(members []*sema.Symbol) (n int64, t *sema.Type, ok bool) {
	for _, m := range members {
		if m.Type == nil || !m.Type.IsReal() || t != nil && !sema.Identical(t, m.Type) {
			return 0, nil, false
		}
		t = m.Type
		k := int64(1)
		for _, d := range m.Dims {
			e, ok := d.Extent()
			if !ok {
				return 0, nil, false
			}
			k *= e
		}
		n += k
	}
	return n, t, t != nil
}
