#define ZERO 0._wp
