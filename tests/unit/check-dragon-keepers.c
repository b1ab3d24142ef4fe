/* check-dragon-keepers.c - placeholder */
#include <check.h>
#include "testutil.h"
int main(void)
{
	Suite *s = suite_create("dragon-keepers");
	return run_suite(s);
}
