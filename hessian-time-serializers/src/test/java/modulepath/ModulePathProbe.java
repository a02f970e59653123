package modulepath;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;
import io.github.hessiantime.testsupport.ChildProtocol;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.time.LocalDateTime;

/**
 * Run by {@code ModulePathIT} with hessian-time and hessian-lite on the module path and only itself (and
 * test-support) on the class path: the README's plain-Hessian example, and which module the library came from. In a
 * package of its own, because a class path package that a named module also holds would be hidden by the module.
 */
public final class ModulePathProbe {

    private ModulePathProbe() {
    }

    public static void main(String[] args) throws Exception {
        SerializerFactory factory = JavaTimeSerializerFactory.compact().newSerializerFactory();
        Instant instant = Instant.parse("2025-11-22T10:15:30.123Z");
        LocalDateTime local = LocalDateTime.parse("2025-11-22T10:15:30.123");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.setSerializerFactory(factory);
        out.writeObject(instant);
        out.flush(); // Hessian2Output buffers
        int instantBytes = bytes.size();
        out.writeObject(local);
        out.flush();
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
        in.setSerializerFactory(factory);
        boolean equal = instant.equals(in.readObject()) && local.equals(in.readObject());
        Module module = JavaTimeSerializerFactory.class.getModule();
        new ChildProtocol().line("OK module=" + module.getName() + " automatic="
                + module.getDescriptor().isAutomatic() + " hessian-lite=" + SerializerFactory.class.getModule().getName()
                + " instant-bytes=" + instantBytes + " equal=" + equal);
    }
}
