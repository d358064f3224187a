#define _RL Real*8
#define _RS Real*4
#define _d D
#define _BEGIN_MASTER(a) IF ( a .EQ. 1 ) THEN
#define _END_MASTER(a) ENDIF
#define ALLOW_AUTODIFF_TAMC
#undef ALLOW_DEBUG
