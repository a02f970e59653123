package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.testsupport.ChildProtocol;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.time.LocalDateTime;

/**
 * Child JVM of {@link InlineFieldAccessTest}: one bean round trip with stock hessian-lite ({@code stock}) or with
 * inline fields ({@code inline}), then one protocol line with the result, and exit. Whatever the JVM warns on the
 * way (sun.misc.Unsafe on JDK 24+) lands in the child's log for the test to compare.
 */
public final class InlineAccessProbe {
    private InlineAccessProbe() {
    }

    public static void main(String[] args) throws Exception {
        ChildProtocol protocol = new ChildProtocol();
        try {
            SerializerFactory factory = args[0].equals("stock") ? new SerializerFactory()
                    : JavaTimeSerializerFactory.compactInline().newSerializerFactory();
            InlineRow row = InlineRow.with(Instant.parse("2025-11-22T10:15:30.123456Z"));
            row.dateTime = LocalDateTime.parse("2025-11-22T10:15:30.5");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Hessian2Output out = new Hessian2Output(bytes);
            out.setSerializerFactory(factory);
            out.writeObject(row);
            out.flush();
            Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
            in.setSerializerFactory(factory);
            Object back = in.readObject();
            boolean inlined = new String(bytes.toByteArray(), "ISO-8859-1").contains("ht:");
            protocol.line((row.equals(back) ? "OK" : "FAIL") + " inlined=" + inlined + " " + back);
        } catch (Throwable e) {
            protocol.line("FAIL " + ChildProtocol.describe(e));
        }
    }
}
