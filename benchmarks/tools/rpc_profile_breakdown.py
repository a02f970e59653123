# Sums async-profiler collapsed stacks by the frames they contain (used for benchmarks/analysis.md).
import sys
groups = [
 ('all samples', lambda f: True),
 ('hessian-time codecs (io.github.hessiantime.codec.*)', lambda f: any(x.startswith('io.github.hessiantime.codec.') for x in f)),
 ('hessian-time Dubbo glue (io.github.hessiantime.dubbo.*)', lambda f: any(x.startswith('io.github.hessiantime.dubbo.') for x in f)),
 ('stock java.time handles (hessian.io.java8.*)', lambda f: any('.hessian.io.java8.' in x for x in f)),
 ('Hessian2Input.readObjectDefinition', lambda f: any(x.endswith('Hessian2Input.readObjectDefinition') for x in f)),
 ('SerializerFactory.getDeserializer(String) etc', lambda f: any(x.endswith('SerializerFactory.getObjectDeserializer') for x in f)),
 ('Hessian2Output.writeObjectBegin/writeString', lambda f: any(x.endswith('Hessian2Output.writeObjectBegin') for x in f)),
 ('monitor contention (ObjectMonitor / complete_monitor_locking)', lambda f: any('ObjectMonitor' in x or 'complete_monitor_locking' in x or 'monitorenter' in x for x in f)),
 ('Hessian2Output.<init> / IdentityIntMap', lambda f: any(x.endswith('Hessian2Output.<init>') or 'IdentityIntMap' in x for x in f)),
 ('ScopeBeanFactory (bean lookup per message)', lambda f: any('ScopeBeanFactory' in x for x in f)),
 ('any Hessian2 serialization (dubbo hessian2 ObjectInput/Output)', lambda f: any('Hessian2ObjectInput' in x or 'Hessian2ObjectOutput' in x for x in f)),
 ('GC threads', lambda f: any('G1' in x or 'GC' in x.split('::')[0] for x in f[:3])),
]
for path in sys.argv[1:]:
    st=[]
    for line in open(path):
        s,n=line.rstrip().rsplit(' ',1); st.append((s.replace('/','.').split(';'),int(n)))
    tot=sum(n for _,n in st)
    print('==', path, tot)
    for name,p in groups:
        n=sum(c for f,c in st if p(f)); print(f'  {100*n/tot:5.1f}%  {name}')
