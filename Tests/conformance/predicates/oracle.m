// The predicate oracle: GNUstep's Foundation (Debian's libgnustep-base) reading each
// line of standard input as +[NSPredicate predicateWithFormat:] and evaluating it
// against the object of object.json. Prints a JSON line per format:
// {"format": …, "result": true|false} or {"format": …, "error": …}.
// Built and run by Tests/conformance/run-predicates.py.
#import <Foundation/Foundation.h>

// JSON's values as Foundation's, {"$date": seconds} as an NSDate.
static id convert(id value) {
    if ([value isKindOfClass: [NSDictionary class]]) {
        NSDictionary *dictionary = value;
        if ([dictionary count] == 1 && [dictionary objectForKey: @"$date"] != nil) {
            return [NSDate dateWithTimeIntervalSince1970: [[dictionary objectForKey: @"$date"] doubleValue]];
        }
        NSMutableDictionary *result = [NSMutableDictionary dictionary];
        NSEnumerator *keys = [dictionary keyEnumerator];
        id key;
        while ((key = [keys nextObject]) != nil) {
            [result setObject: convert([dictionary objectForKey: key]) forKey: key];
        }
        return result;
    }
    if ([value isKindOfClass: [NSArray class]]) {
        NSMutableArray *result = [NSMutableArray array];
        NSEnumerator *items = [value objectEnumerator];
        id item;
        while ((item = [items nextObject]) != nil) {
            [result addObject: convert(item)];
        }
        return result;
    }
    return value;
}

static NSString *quoted(NSString *text) {
    NSData *data = [NSJSONSerialization dataWithJSONObject: [NSArray arrayWithObject: text] options: 0 error: NULL];
    NSString *array = [[[NSString alloc] initWithData: data encoding: NSUTF8StringEncoding] autorelease];
    return [array substringWithRange: NSMakeRange(1, [array length] - 2)];
}

int main(int argc, char **argv) {
    NSAutoreleasePool *pool = [NSAutoreleasePool new];
    if (argc != 2) {
        fprintf(stderr, "usage: oracle OBJECT.json < formats\n");
        return 2;
    }
    NSData *json = [NSData dataWithContentsOfFile: [NSString stringWithUTF8String: argv[1]]];
    id object = convert([NSJSONSerialization JSONObjectWithData: json options: 0 error: NULL]);
    NSString *input = [[[NSString alloc] initWithData: [[NSFileHandle fileHandleWithStandardInput] readDataToEndOfFile]
                                            encoding: NSUTF8StringEncoding] autorelease];
    NSEnumerator *lines = [[input componentsSeparatedByString: @"\n"] objectEnumerator];
    NSString *line;
    while ((line = [lines nextObject]) != nil) {
        if ([line length] == 0 || [line hasPrefix: @"#"]) {
            continue;
        }
        NSAutoreleasePool *inner = [NSAutoreleasePool new];
        NSString *result;
        @try {
            NSPredicate *predicate = [NSPredicate predicateWithFormat: line];
            result = [predicate evaluateWithObject: object] ? @"\"result\": true" : @"\"result\": false";
        } @catch (NSException *exception) {
            result = [NSString stringWithFormat: @"\"error\": %@", quoted([exception reason] ? [exception reason] : [exception name])];
        }
        printf("{\"format\": %s, %s}\n", [quoted(line) UTF8String], [result UTF8String]);
        fflush(stdout);
        [inner release];
    }
    [pool release];
    return 0;
}
