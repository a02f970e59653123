package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import java.time.Instant;

/**
 * The start-up check of {@link Hessian2TimeSupport}: a value and a bean with an inline field written and read as a
 * hessian2-time stream will, so that a class path where either path does not link or work never offers it.
 */
final class Hessian2TimeProbe {

    private Hessian2TimeProbe() {
    }

    /** Links and runs our codecs against this class path's hessian-lite, as a hessian2-time stream will. */
    static void roundTripOneValue() throws Exception {
        Instant value = Instant.ofEpochSecond(1_700_000_000L, 123_000_000);
        JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactInline();
        SerializerFactory factory = time.newSerializerFactory(Hessian2TimeProbe.class.getClassLoader());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output output = time.newHessian2Output(bytes);
        output.setSerializerFactory(factory);
        output.writeObject(value);
        output.writeObject(new Probe(value));
        output.flush();
        Hessian2Input input = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
        input.setSerializerFactory(factory);
        Object read = input.readObject();
        Object bean = input.readObject();
        if (!value.equals(read) || !(bean instanceof Probe) || !value.equals(((Probe) bean).at)) {
            throw new IllegalStateException("a round trip of " + value + " gave " + read + " and " + bean);
        }
    }

    /** A bean whose one field is written inline. */
    private static final class Probe implements Serializable {
        private static final long serialVersionUID = 1L;
        private Instant at;

        Probe(Instant at) {
            this.at = at;
        }
    }
}
