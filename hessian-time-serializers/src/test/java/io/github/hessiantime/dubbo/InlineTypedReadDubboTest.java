package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What Dubbo does with a return value or an argument, {@code readObject(Class)}, when the declared class is not the
 * sent one (a consumer's own DTO of the same shape): the fields arrive by name over {@code hessian2}, and the same over
 * {@code hessian2-time} with its inline fields.
 */
class InlineTypedReadDubboTest {
    public static final class SentDto implements Serializable {
        int id = 4;
        Instant at = Instant.parse("2025-11-22T10:15:30.123456Z");
    }

    public static final class WantedDto implements Serializable {
        int id;
        Instant at;
    }

    @Test
    void aTypedReadIntoAnotherClassOfTheSameShapeGetsTheFieldsByName() throws Exception {
        FrameworkModel framework = new FrameworkModel();
        try {
            framework.getBeanFactory().getBean(SerializeSecurityManager.class).setCheckStatus(SerializeCheckStatus.WARN);
            URL url = URL.valueOf("dubbo://127.0.0.1:20880/Test").setScopeModel(framework.newApplication());
            for (String name : new String[]{"hessian2", Hessian2TimeSerialization.NAME}) {
                Serialization s = framework.getExtensionLoader(Serialization.class).getExtension(name);
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                ObjectOutput out = s.serialize(url, bytes);
                out.writeObject(new SentDto());
                out.flushBuffer();
                WantedDto back = s.deserialize(url, new ByteArrayInputStream(bytes.toByteArray())).readObject(WantedDto.class);
                assertEquals(4, back.id, name);
                assertEquals(new SentDto().at, back.at, name);
            }
        } finally {
            framework.destroy();
        }
    }
}
