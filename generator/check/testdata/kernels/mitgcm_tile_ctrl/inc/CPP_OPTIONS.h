#define _RL Real*8
#define _d D
