package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;
import io.github.hessiantime.ser.TimeFirstHessian2Output;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Instant;

/** The start-up check of {@link Hessian2TimeSupport}: one value written and read as a hessian2-time stream will. */
final class Hessian2TimeProbe {

    private Hessian2TimeProbe() {
    }

    /** Links and runs our codecs against this class path's hessian-lite, as a hessian2-time stream will. */
    static void roundTripOneValue() throws Exception {
        Instant probe = Instant.ofEpochSecond(1_700_000_000L, 123_000_000);
        JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactUnreferenced();
        SerializerFactory factory = time.newSerializerFactory(Hessian2TimeProbe.class.getClassLoader());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output output = new TimeFirstHessian2Output(bytes, time);
        output.setSerializerFactory(factory);
        output.writeObject(probe);
        output.flush();
        Hessian2Input input = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
        input.setSerializerFactory(factory);
        Object read = input.readObject();
        if (!probe.equals(read)) {
            throw new IllegalStateException("a round trip of " + probe + " gave " + read);
        }
    }
}
