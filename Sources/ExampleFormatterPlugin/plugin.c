#include "a11y_formatter_plugin.h"
int a11y_example_placeholder(void) { return 0; }
