package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractHessianOutput;
import com.alibaba.com.caucho.hessian.io.AbstractSerializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.Serializer;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a bean with java.time fields inline (docs/wire-format.md, "Inline fields"): a class definition of type
 * {@code ht:<class name>} whose first field is the sentinel, then the other fields as hessian-lite writes them, then
 * the java.time fields as single Hessian values; per instance the sentinel byte and the values. The bean takes a
 * reference slot like every hessian-lite bean, so shared beans and cycles stay references.
 *
 * <p>Hessian 1 streams, which have no class definitions, get the stock serializer.
 */
final class InlineBeanSerializer extends AbstractSerializer {
    private final Serializer stock;
    private final String typeName;
    private final String[] definition;
    private final FieldWriter[] writers;

    private InlineBeanSerializer(Class<?> cl, Serializer stock, List<FieldWriter> writers) {
        this.stock = stock;
        this.typeName = InlineFields.TYPE_PREFIX + cl.getName();
        this.writers = writers.toArray(new FieldWriter[0]);
        this.definition = new String[this.writers.length + 1];
        definition[0] = InlineFields.SENTINEL_FIELD;
        for (int i = 0; i < this.writers.length; i++) {
            definition[i + 1] = this.writers[i].wireName();
        }
    }

    /**
     * The inline serializer of {@code cl}, or {@code null} where hessian-time leaves the class to hessian-lite: no
     * field declared as an inline type (every java.time type but {@code ZoneId}), a {@code writeReplace} or {@code readResolve} hook, a record,
     * a {@code Throwable}, a field name that a subclass shadows, or fields that reflection may not open.
     */
    static InlineBeanSerializer forClass(Class<?> cl, Serializer stock) {
        if (cl.isArray() || cl.isInterface() || cl.isEnum() || Throwable.class.isAssignableFrom(cl)
                || BeanShape.isRecord(cl) || BeanShape.hasHook(cl, "writeReplace")
                || BeanShape.hasHook(cl, "readResolve")) {
            return null;
        }
        List<FieldWriter> normal = new ArrayList<>();
        List<FieldWriter> inline = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Field field : BeanShape.serializedFields(cl)) {
            if (names.contains(field.getName())) {
                return null;    // shadowed: hessian-lite writes both under one name; leave that to it
            }
            names.add(field.getName());
            FieldAccess access;
            try {
                access = FieldAccess.of(field, stock.getClass());
            } catch (RuntimeException e) {
                return null;    // a module that does not open the class: hessian-lite's own path decides
            }
            FieldWriter writer = FieldWriter.of(access);
            (writer instanceof FieldWriter.Inline ? inline : normal).add(writer);
        }
        if (inline.isEmpty()) {
            return null;
        }
        normal.addAll(inline);  // inline fields last: a reader hands the rest to hessian-lite's bean reader
        return new InlineBeanSerializer(cl, stock, normal);
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
        if (h.writeObjectBegin(typeName) == -1) {
            h.writeClassFieldLength(definition.length);
            for (String name : definition) {
                h.writeString(name);
            }
            h.writeObjectBegin(typeName);
        }
        h.printString(InlineFields.SENTINEL_VALUE);
        try {
            for (FieldWriter writer : writers) {
                writer.write(h, obj);
            }
        } catch (IllegalAccessException e) {
            throw new IOException("hessian2-time cannot read a field of " + obj.getClass().getName(), e);
        }
    }

    /** The class definition's field names, sentinel first. */
    String[] definition() {
        return definition.clone();
    }
}
