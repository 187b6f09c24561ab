int a11y_example_placeholder(void);
