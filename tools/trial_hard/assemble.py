import re
t = open('SOLUTIONS.template.md').read()
t = re.sub(r'\{\{script:([^}]+)\}\}', lambda m: open(m.group(1)).read().rstrip('\n'), t)
t = re.sub(r'\{\{out:([^}]+)\}\}', lambda m: open('out_' + m.group(1) + '.txt').read().rstrip('\n'), t)
open('SOLUTIONS.md', 'w').write(t)
print(len(t))
