print("a11y-demo: under construction")
