import lark, sys, time
t=time.perf_counter()
p = lark.Lark(open('grammar/checklist.lark').read(), parser='lalr', lexer='contextual', propagate_positions=True, maybe_placeholders=False)
print("build", time.perf_counter()-t)
t=time.perf_counter()
tree = p.parse(open(sys.argv[1]).read())
print("parse", time.perf_counter()-t)
print(tree.pretty()[:3000])
