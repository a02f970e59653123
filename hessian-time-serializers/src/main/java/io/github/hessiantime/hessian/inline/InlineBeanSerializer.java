package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractHessianOutput;
import com.alibaba.com.caucho.hessian.io.AbstractSerializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.Serializer;
import io.github.hessiantime.hessian.EncodedClassDefinition;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a bean with java.time fields inline (docs/wire-format.md, "Inline fields"): a class definition of type
 * {@code ht:<class name>} whose first field is the sentinel, then the other fields as hessian-lite writes them, then
 * the java.time fields as single Hessian values; per instance the sentinel byte and the values. The bean takes a
 * reference slot like every hessian-lite bean, so shared beans and cycles stay references. A field that a subclass's
 * field hides is named with a mark ({@code ^name}), so both arrive.
 *
 * <p>Hessian 1 streams, which have no class definitions, get the stock serializer.
 */
final class InlineBeanSerializer extends AbstractSerializer {
    private final Serializer stock;
    // the class definition: field names, sentinel first
    private final EncodedClassDefinition encodedDefinition;
    private final FieldWriter[] writers;
    // a record's: its fields in the writers' order, read at once (RecordShape.componentReader); null for a class
    private final MethodHandle componentReader;

    private InlineBeanSerializer(Class<?> cl, Serializer stock, List<FieldWriter> writers, boolean record) {
        this.stock = stock;
        this.writers = writers.toArray(new FieldWriter[0]);
        this.componentReader = record ? RecordShape.componentReader(fieldsOf(this.writers)) : null;
        String[] definition = new String[this.writers.length + 1];
        definition[0] = InlineFields.SENTINEL_FIELD;
        for (int i = 0; i < this.writers.length; i++) {
            definition[i + 1] = this.writers[i].wireName();
        }
        this.encodedDefinition = EncodedClassDefinition.of(InlineFields.TYPE_PREFIX + cl.getName(), definition);
    }

    /**
     * The inline serializer of {@code cl}, or {@code null} where hessian-time leaves the class to hessian-lite. A class
     * is written inline when a field is declared as an inline type (every java.time type but {@code ZoneId}) or a field
     * hides another of the same name (which hessian-lite writes under one name, and the inline form names apart); a
     * record too, its components in their order. Left to hessian-lite: a {@code writeReplace} or {@code readResolve}
     * hook (written as over {@code hessian2}; any hessian-time reader reads them), a {@code Throwable}, an enum, and
     * fields that reflection may not open.
     */
    static InlineBeanSerializer forClass(Class<?> cl, Serializer stock) {
        if (cl.isArray() || cl.isInterface() || cl.isEnum() || Throwable.class.isAssignableFrom(cl)
                || BeanShape.hasHook(cl, "writeReplace") || BeanShape.hasHook(cl, "readResolve")) {
            return null;
        }
        boolean record = BeanShape.isRecord(cl);
        List<FieldWriter> normal = new ArrayList<>();
        List<FieldWriter> inline = new ArrayList<>();
        try {
            if (record) {
                RecordShape shape = RecordShape.of(cl);
                for (int i = 0; i < shape.names.length; i++) {
                    Field field = cl.getDeclaredField(shape.names[i]);
                    // the field's value, as Java serialization writes a record (hessian-lite 4.0.x calls the
                    // accessor, which differs only where a record overrides one): the canonical constructor gets it
                    // back on the reader; reflection, which reads a record's fields (Unsafe refuses them)
                    add(FieldWriter.of(FieldAccess.of(field, Object.class), shape.names[i]), normal, inline);
                }
            } else {
                for (Field field : BeanShape.serializedFields(cl)) {
                    add(FieldWriter.of(FieldAccess.of(field, stock.getClass()), BeanShape.wireName(cl, field)),
                            normal, inline);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;    // a module that does not open the class: hessian-lite's own path decides
        }
        if (inline.isEmpty() && (record || !BeanShape.hidesAField(cl))) {
            return null;
        }
        normal.addAll(inline);  // inline fields last
        return new InlineBeanSerializer(cl, stock, normal, record);
    }

    private static Field[] fieldsOf(FieldWriter[] writers) {
        Field[] fields = new Field[writers.length];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = writers[i].field.field;
        }
        return fields;
    }

    private static void add(FieldWriter writer, List<FieldWriter> normal, List<FieldWriter> inline) {
        (writer instanceof FieldWriter.Inline ? inline : normal).add(writer);
    }

    @Override
    public void writeObject(Object obj, AbstractHessianOutput out) throws IOException {
        if (!(out instanceof Hessian2Output)) {
            stock.writeObject(obj, out);
            return;
        }
        if (out.addRef(obj)) {
            return;
        }
        Hessian2Output h = (Hessian2Output) out;
        encodedDefinition.writeInstanceBegin(h);
        h.printString(InlineFields.SENTINEL_VALUE);
        if (componentReader != null) {
            Object[] values = readComponents(obj);
            for (int i = 0; i < writers.length; i++) {
                writers[i].writeValue(h, values[i]);
            }
            return;
        }
        try {
            for (FieldWriter writer : writers) {
                writer.write(h, obj);
            }
        } catch (IllegalAccessException e) {
            throw new IOException("hessian2-time cannot read a field of " + obj.getClass().getName(), e);
        }
    }

    private Object[] readComponents(Object record) throws IOException {
        try {
            return (Object[]) componentReader.invokeExact(record);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException("hessian2-time cannot read the components of " + record.getClass().getName(), e);
        }
    }
}
