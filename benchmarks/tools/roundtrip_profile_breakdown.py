# Sums async-profiler collapsed stacks by the frames they contain (used for benchmarks/analysis.md).
import sys, collections
def load(path):
    stacks=[]
    for line in open(path):
        line=line.rstrip()
        if not line: continue
        st, n = line.rsplit(' ',1)
        stacks.append((st.replace('/','.').split(';'), int(n)))
    return stacks
keys = [
 ('stream setup: Hessian2Output.<init> / IdentityIntMap / BAOS.<init> / Hessian2Input.<init>', lambda f: any(x in ('com.alibaba.com.caucho.hessian.io.Hessian2Output.<init>','java.io.ByteArrayOutputStream.<init>','com.alibaba.com.caucho.hessian.io.Hessian2Input.<init>') or x.startswith('com.alibaba.com.caucho.hessian.util.IdentityIntMap') for x in f)),
 ('write: CompactSerializer.writeObject (all)', lambda f: any(x.endswith('CompactSerializer.writeObject') for x in f)),
 ('  write: writeObjectBegin (class definition)', lambda f: any(x.endswith('Hessian2Output.writeObjectBegin') for x in f) and any(x.endswith('CompactSerializer.writeObject') for x in f)),
 ('  write: writeString (type and field name)', lambda f: any(x.endswith('Hessian2Output.writeString') for x in f) and any(x.endswith('CompactSerializer.writeObject') for x in f)),
 ('  write: EpochCodec/encode', lambda f: any('EpochCodec.write' in x or x.endswith('.encode') for x in f)),
 ('  write: Hessian2Output.addRef', lambda f: any(x.endswith('Hessian2Output.addRef') for x in f)),
 ('write: Date (BasicSerializer / writeUTCDate)', lambda f: any(x.endswith('BasicSerializer.writeObject') for x in f)),
 ('read: readObjectDefinition (class def: readString, factory lookup)', lambda f: any(x.endswith('Hessian2Input.readObjectDefinition') for x in f)),
 ('  read: SerializerFactory.getObjectDeserializer', lambda f: any(x.endswith('SerializerFactory.getObjectDeserializer') for x in f)),
 ('  read: Hessian2Input.readString', lambda f: any(x.endswith('Hessian2Input.readString') for x in f) and any(x.endswith('readObjectDefinition') for x in f)),
 ('read: TimeDeserializer.readObject (payload)', lambda f: any(x.endswith('TimeDeserializer.readObject') for x in f)),
 ('  read: BinaryPayload.read', lambda f: any(x.endswith('BinaryPayload.read') for x in f)),
 ('  read: fieldNames/isCompactDefinition', lambda f: any(x.endswith('TimeDeserializer.fieldNames') or x.endswith('isCompactDefinition') for x in f)),
 ('  read: Hessian2Input.addRef', lambda f: any(x.endswith('Hessian2Input.addRef') for x in f)),
 ('serializer lookup: SerializerFactory.getSerializer', lambda f: any(x.endswith('SerializerFactory.getSerializer') for x in f)),
 ('GC / VM threads (not in benchmark thread)', lambda f: not any('jmh_generated' in x for x in f)),
]
for path in sys.argv[1:]:
    st=load(path); total=sum(n for _,n in st)
    bench=sum(n for f,n in st if any('jmh_generated' in x for x in f))
    print('==', path.split('-serializer-')[1].split('/')[0], 'samples', total, 'in benchmark thread', bench)
    for name,pred in keys:
        n=sum(c for f,c in st if pred(f))
        print(f'  {100*n/total:5.1f}%  {name}')
