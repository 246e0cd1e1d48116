"""Stand-in for the nulltype package, which is on PyPI only (not in Debian). The models that
openapi-generator 4.3.1 generates use one thing from it: nulltype.Null, a falsy sentinel default
meaning "this argument was not given", always compared with `is`."""


class NullType(object):
    def __bool__(self):
        return False

    def __repr__(self):
        return "Null"


Null = NullType()
